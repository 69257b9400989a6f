import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { Page } from '../../ui/page';
import { useSignIn } from './api/sign-in';
import { Checkbox, Field, FormMessage } from './components/field';
import { SocialButtons } from './components/social-buttons';
import './components/auth.css';

/** Only a path of this site: `?from=` never sends anyone elsewhere. */
export function safeRedirect(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Sign-in form, stay-connected option and social sign-in (spec §2). */
export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSignIn();
  // Screens that need an account send `?redirect=` (checkout, bookings, settings…), some `?from=`: both come back.
  const back = search.get('from') ?? search.get('redirect');
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const missing = [!email && t('auth.fields.email'), !password && t('auth.fields.password')].filter(
      (label): label is string => Boolean(label),
    );
    if (missing.length > 0) {
      setMessage(
        missing.length === 1
          ? t('auth.validation.requiredField', { field: missing[0] })
          : t('auth.validation.requiredFields', { fields: missing.join(', ') }),
      );
      return;
    }
    setMessage(null);
    try {
      await signIn.mutateAsync({ email, password, stayConnected: form.get('stayConnected') === 'on' });
      await navigate(safeRedirect(back));
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      setMessage(
        code === 'INCORRECT_CREDENTIALS'
          ? t('auth.errors.incorrectCredentials')
          : code === 'ACCOUNT_SUSPENDED'
            ? t('auth.errors.suspended')
            : code === 'RATE_LIMITED'
              ? t('auth.errors.rateLimited')
              : t('common.errors.unhandled'),
      );
    }
  }

  return (
    <Page title={t('auth.signIn.title')} description={t('auth.signIn.description')}>
      <div className="auth-card">
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <FormMessage>{message}</FormMessage>
          <Field label={t('auth.fields.email')} name="email" type="email" autoComplete="email" required />
          <Field
            label={t('auth.fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Checkbox label={t('auth.signIn.stayConnected')} name="stayConnected" />
          <button type="submit" className="button" disabled={signIn.isPending}>
            {t('auth.signIn.submit')}
          </button>
        </form>
        <SocialButtons onSignedIn={() => navigate(safeRedirect(back))} />
        <div className="auth-links">
          <Link to="/forgot-password">{t('auth.signIn.forgotPassword')}</Link>
          <span>
            {t('auth.signIn.noAccount')} <Link to="/sign-up">{t('auth.signIn.signUpLink')}</Link>
          </span>
        </div>
      </div>
    </Page>
  );
}
