import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { Page } from '../../ui/page';
import { toast } from '../../ui/toast';
import { resend } from './api/activation';
import { Field, FormMessage } from './components/field';
import { isValidEmail } from './components/validation';
import './components/auth.css';

/** Ask for a password-reset e-mail (spec §2, §5 'Email address not registered'). */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setMessage(null);
    if (!email) return setError(t('auth.validation.requiredField', { field: t('auth.fields.email') }));
    if (!isValidEmail(email)) return setError(t('auth.validation.invalidEmail'));
    setError(undefined);
    setPending(true);
    try {
      await resend(email, true);
      setSent(true);
      toast.success(t('auth.forgotPassword.sent'));
    } catch (caught) {
      const code = isApiError(caught) ? caught.code : null;
      if (code === 'NOT_FOUND') setError(t('auth.forgotPassword.notRegistered'));
      else if (code === 'ACCOUNT_SUSPENDED') setMessage(t('auth.errors.suspended'));
      else if (code === 'RATE_LIMITED') setMessage(t('auth.errors.rateLimited'));
      else setMessage(t('common.errors.unhandled'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Page title={t('auth.forgotPassword.title')} description={t('auth.forgotPassword.description')}>
      <div className="auth-card">
        {sent ? (
          <div className="auth-form">
            <FormMessage kind="info">{t('auth.forgotPassword.sent')}</FormMessage>
            <p>{t('auth.forgotPassword.sentDetail')}</p>
          </div>
        ) : (
          <form className="auth-form" onSubmit={onSubmit} noValidate>
            <FormMessage>{message}</FormMessage>
            <Field
              label={t('auth.fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={error}
            />
            <button type="submit" className="button" disabled={pending}>
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
