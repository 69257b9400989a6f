import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { toast } from '../../ui/toast';
import { changePassword, checkPassword, hasPassword } from '../auth/api/passwords';
import { Field, FormMessage } from '../auth/components/field';
import { type FieldErrors, translateFieldErrors } from '../auth/components/messages';
import { NewPasswordFields } from '../auth/components/new-password-fields';
import { passwordErrors, requiredMessage } from '../auth/components/validation';
import '../auth/components/auth.css';

/** Change password (spec §2, §5, §8). Accounts made by social sign-in have none: then the current one is not asked. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const has = useQuery({
    queryKey: ['has-password', user?._id],
    queryFn: ({ signal }) => hasPassword(user!._id, signal),
    enabled: Boolean(user),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?from=/change-password" replace />;
  const asksCurrent = has.data?.hasPassword ?? true;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('currentPassword') ?? '');
    const next = String(form.get('newPassword') ?? '');
    const confirmation = String(form.get('confirmPassword') ?? '');
    const missing = [
      asksCurrent && !current && t('auth.fields.currentPassword'),
      !next && t('auth.fields.newPassword'),
      !confirmation && t('auth.fields.confirmPassword'),
    ].filter((label): label is string => Boolean(label));
    const found = passwordErrors(t, next, confirmation, 'newPassword');
    if (asksCurrent && current && next && current === next) {
      found.newPassword = t('account.changePassword.chooseNewPassword');
    }
    setErrors(found);
    const required = requiredMessage(t, missing);
    if (required || Object.keys(found).length > 0) {
      setMessage(required ?? t('auth.validation.fixErrors'));
      return;
    }
    setMessage(null);
    setPending(true);
    try {
      if (asksCurrent) {
        try {
          await checkPassword(user._id, current);
        } catch (error) {
          if (isApiError(error) && error.code === 'BAD_REQUEST') {
            setErrors({ currentPassword: t('account.changePassword.wrongPassword') });
            return;
          }
          throw error;
        }
      }
      await changePassword({
        userId: user._id,
        ...(asksCurrent ? { currentPassword: current } : {}),
        newPassword: next,
      });
      formElement.reset();
      await has.refetch();
      toast.success(t('account.changePassword.success'));
    } catch (error) {
      const fields = translateFieldErrors(t, error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(t('account.changePassword.error'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Page title={t('account.changePassword.title')} description={t('account.changePassword.description')}>
      <div className="auth-card">
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <FormMessage>{message}</FormMessage>
          {asksCurrent ? (
            <Field
              label={t('auth.fields.currentPassword')}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
            />
          ) : (
            <FormMessage kind="info">{t('account.changePassword.noPasswordYet')}</FormMessage>
          )}
          <NewPasswordFields errors={errors} name="newPassword" />
          <button type="submit" className="button" disabled={pending || has.isPending}>
            {t('account.changePassword.submit')}
          </button>
        </form>
      </div>
    </Page>
  );
}
