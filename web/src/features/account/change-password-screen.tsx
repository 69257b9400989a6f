import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { NewPasswordFields } from '#web/ui/new-password-fields';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { changePassword, checkPassword, hasPassword } from '#web/features/auth/api/passwords';
import './settings.css';

/** Change password (spec §2, §5, §8). Accounts made by social sign-in have none: then the current one is not asked. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const has = useQuery({
    queryKey: ['has-password', user?._id],
    queryFn: ({ signal }) => hasPassword(user!._id, signal),
    enabled: Boolean(user),
  });
  const asksCurrent = has.data?.hasPassword ?? true;
  const form = useContractForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: () =>
      import('@roam/contract/auth.schema').then((contract) => contract.changePasswordFormSchema(asksCurrent)),
    // check-password names the password it refuses 'password': here it is the current one.
    serverFields: { password: 'currentPassword' },
    onSubmit: async ({ currentPassword, newPassword }) => {
      if (!user) return;
      if (asksCurrent) await checkPassword(user._id, currentPassword);
      await changePassword({ userId: user._id, ...(asksCurrent ? { currentPassword } : {}), newPassword });
      form.reset();
      await has.refetch();
      toast.success(t('account.changePassword.success'));
    },
    onError: () => {
      toast.error(t('account.changePassword.error'));
      return null;
    },
  });

  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?from=/change-password" replace />;

  return (
    <Page title={t('account.changePassword.title')} description={t('account.changePassword.description')}>
      <form className="settings-card change-password" {...form.formProps}>
        <FormMessage>{form.message}</FormMessage>
        {asksCurrent ? (
          <TextField
            {...form.field('currentPassword', t('auth.fields.currentPassword'))}
            type="password"
            autoComplete="current-password"
            required
          />
        ) : (
          <FormMessage kind="info">{t('account.changePassword.noPasswordYet')}</FormMessage>
        )}
        <NewPasswordFields
          password={form.field('newPassword', t('auth.fields.newPassword'))}
          confirmation={form.field('confirmPassword', t('auth.fields.confirmPassword'))}
        />
        <button type="submit" className="button" disabled={form.pending || has.isPending}>
          {t('account.changePassword.submit')}
        </button>
      </form>
    </Page>
  );
}
