import type { SignIn } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { safeRedirect } from '#web/lib/safe-redirect';
import { useSettings } from '#web/lib/settings';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { enrolmentNeeded, useSignIn } from './api/sign-in';
import { accountRefusal } from './components/refusal';
import { SocialButtons } from './components/social-buttons';
import './components/auth.css';

// The second step is its own chunk: only an account with two-step sign-in downloads it (docs/architecture.md §7).
const CodeStep = lazy(() => import('./components/code-step'));

/** Sign-in form, stay-connected option and social sign-in (spec §2). */
export function SignInScreen() {
  const { t } = useTranslation();
  // Social accounts are mentioned only where one is configured (settings.social).
  const social = Object.values(useSettings().social).some(Boolean);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSignIn();
  // Screens that need an account send `?redirect=` (checkout, bookings, settings…), some `?from=`: both come back.
  const back = search.get('from') ?? search.get('redirect');
  // The e-mail and password the server accepted when it answers that a code is needed.
  const [codeAsked, setCodeAsked] = useState<SignIn | null>(null);
  const signedIn = async (user: User) => {
    // A member whose team requires two-step sign-in and who has not set it up can do nothing else first.
    const to = safeRedirect(back);
    await navigate((await enrolmentNeeded(user)) ? `/settings?enrol=${encodeURIComponent(to)}` : to);
  };
  const form = useContractForm({
    initialValues: { email: '', password: '', stayConnected: false },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.SignInSchema),
    onSubmit: async (credentials) => {
      try {
        await signedIn(await signIn.mutateAsync(credentials));
      } catch (error) {
        if (!isApiError(error) || error.code !== 'TWO_FACTOR_REQUIRED') throw error;
        setCodeAsked(credentials);
      }
    },
    onError: (error) => accountRefusal(t, error),
  });

  return (
    <Page
      title={t('auth.signIn.title')}
      description={social ? t('auth.signIn.description') : t('auth.signIn.descriptionNoSocial')}
    >
      <div className="auth-card">
        {codeAsked ? (
          <Suspense fallback={<PageLoading />}>
            <CodeStep credentials={codeAsked} onSignedIn={signedIn} onCancel={() => setCodeAsked(null)} />
          </Suspense>
        ) : (
          <>
            <form className="auth-form" {...form.formProps}>
              <FormMessage>{form.message}</FormMessage>
              <TextField {...form.field('email', t('auth.fields.email'))} type="email" autoComplete="email" required />
              <TextField
                {...form.field('password', t('auth.fields.password'))}
                type="password"
                autoComplete="current-password"
                required
              />
              <CheckboxField {...form.field('stayConnected', t('auth.signIn.stayConnected'))} />
              <button type="submit" className="button" disabled={form.pending}>
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
          </>
        )}
      </div>
    </Page>
  );
}
