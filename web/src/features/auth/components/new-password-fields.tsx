import { useTranslation } from 'react-i18next';
import { Field } from './field';
import type { FieldErrors } from './messages';

/** New password and its confirmation (spec §5: at least 6 characters; "Passwords don't match."). */
export function NewPasswordFields({ errors, name = 'password' }: { errors: FieldErrors; name?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t(name === 'password' ? 'auth.fields.password' : 'auth.fields.newPassword')}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        error={errors[name]}
      />
      <Field
        label={t('auth.fields.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
