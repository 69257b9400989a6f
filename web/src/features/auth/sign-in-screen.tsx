import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSettings } from '#web/lib/settings';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { useSignIn } from './api/sign-in';
import { accountRefusal } from './components/refusal';
import { SocialButtons } from './components/social-buttons';
import './components/auth.css';

/** Only a path of this site: `?from=` never sends anyone elsewhere. */
export function safeRedirect(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') ? from : '/';
}

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
  const form = useContractForm({
    initialValues: { email: '', password: '', stayConnected: false },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.SignInSchema),
    onSubmit: async (credentials) => {
      await signIn.mutateAsync(credentials);
      await navigate(safeRedirect(back));
    },
    onError: (error) => accountRefusal(t, error),
  });

  return (
    <Page
      title={t('auth.signIn.title')}
      description={social ? t('auth.signIn.description') : t('auth.signIn.descriptionNoSocial')}
    >
      <div className="auth-card">
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
      </div>
    </Page>
  );
}
