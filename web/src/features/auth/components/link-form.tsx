import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';
import { toast } from '../../../ui/toast';
import { activate } from '../api/activation';
import { FormMessage } from './field';
import { type FieldErrors, translateFieldErrors } from './messages';
import { NewPasswordFields } from './new-password-fields';
import { passwordErrors, requiredMessage } from './validation';

/**
 * Uses an activation or reset link (`POST /api/activate`) when the user presses the button — not on page load, so a
 * mail scanner that opens links cannot use them up. Asks a password when the link needs one.
 */
export function LinkForm(props: {
  link: { userId: string; token: string };
  needsPassword: boolean;
  submitLabel: string;
  successMessage: string;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (props.needsPassword) {
      const confirmation = String(form.get('confirmPassword') ?? '');
      const missing = [!password && t('auth.fields.password'), !confirmation && t('auth.fields.confirmPassword')];
      const required = requiredMessage(
        t,
        missing.filter((label): label is string => Boolean(label)),
      );
      const found = passwordErrors(t, password, confirmation);
      setErrors(found);
      if (required || Object.keys(found).length > 0) {
        setMessage(required ?? t('auth.validation.fixErrors'));
        return;
      }
    }
    setMessage(null);
    setPending(true);
    try {
      const user = await activate({ ...props.link, ...(props.needsPassword ? { password } : {}) });
      setSessionUser(queryClient, user);
      toast.success(props.successMessage);
      await navigate('/');
    } catch (error) {
      if (isApiError(error) && error.code === 'TOKEN_EXPIRED') return props.onExpired();
      const fields = translateFieldErrors(t, error);
      setErrors(fields);
      setMessage(
        isApiError(error) && error.code === 'ACCOUNT_SUSPENDED'
          ? t('auth.errors.suspended')
          : Object.keys(fields).length > 0
            ? t('auth.validation.fixErrors')
            : t('common.errors.unhandled'),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormMessage>{message}</FormMessage>
      {props.needsPassword ? <NewPasswordFields errors={errors} /> : null}
      <button type="submit" className="button" disabled={pending}>
        {props.submitLabel}
      </button>
    </form>
  );
}
