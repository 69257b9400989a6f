import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { toast } from '#web/ui/toast';
import { resend } from './api/activation';
import { accountRefusal } from './components/refusal';
import './components/auth.css';

/** Ask for a password-reset e-mail (spec §2, §5 'Email address not registered'). */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useContractForm({
    initialValues: { email: '' },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.ValidateEmailSchema),
    onSubmit: async ({ email }) => {
      await resend(email, true);
      setSent(true);
      toast.success(t('auth.forgotPassword.sent'));
    },
    // 'Email address not registered' is the server's field error, shown at the field.
    onError: (error) => accountRefusal(t, error),
  });

  return (
    <Page title={t('auth.forgotPassword.title')} description={t('auth.forgotPassword.description')}>
      <div className="auth-card">
        {sent ? (
          <div className="auth-form">
            <FormMessage kind="info">{t('auth.forgotPassword.sent')}</FormMessage>
            <p>{t('auth.forgotPassword.sentDetail')}</p>
          </div>
        ) : (
          <form className="auth-form" {...form.formProps}>
            <FormMessage>{form.message}</FormMessage>
            <TextField {...form.field('email', t('auth.fields.email'))} type="email" autoComplete="email" required />
            <button type="submit" className="button" disabled={form.pending}>
              {t('auth.forgotPassword.submit')}
            </button>
          </form>
        )}
        <div className="auth-links">
          <Link to="/sign-in">{t('auth.forgotPassword.backToSignIn')}</Link>
        </div>
      </div>
    </Page>
  );
}
