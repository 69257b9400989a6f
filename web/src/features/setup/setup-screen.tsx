import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { landSignedIn } from '#web/lib/landing';
import { setSessionUser } from '#web/lib/session';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { toast } from '#web/ui/toast';
import { createFirstAdmin, setupStatusQueryOptions } from './api/setup';
import '#web/ui/form-card.css';

type Values = { fullName: string; email: string; password: string; confirmPassword: string };

/**
 * The first admin of an empty site, through the one-time link the server writes to its log while no
 * admin exists. Nothing is used up by opening the page: only the button creates the account.
 */
export function SetupScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const status = useQuery({ ...setupStatusQueryOptions(token), enabled: token.length >= 20 });

  let body: React.ReactNode;
  if (token.length >= 20 && status.isPending) body = <p role="status">{t('setup.checking')}</p>;
  else if (status.data?.status === 'done') body = <Done />;
  else if (status.data?.status === 'open') body = <FirstAdminForm token={token} onGone={() => void status.refetch()} />;
  else body = <FormMessage>{t('setup.expired')}</FormMessage>;

  return (
    <Page title={t('setup.title')} description={t('setup.description')}>
      <div className="auth-card auth-form">{body}</div>
    </Page>
  );
}

function Done() {
  const { t } = useTranslation();
  return (
    <>
      <FormMessage kind="info">{t('setup.done')}</FormMessage>
      <Link to="/sign-in" className="button button--secondary">
        {t('setup.signIn')}
      </Link>
    </>
  );
}

function FirstAdminForm({ token, onGone }: { token: string; onGone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useContractForm<Values, Omit<Values, 'confirmPassword'>>({
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '' },
    schema: async () => (await import('@roam/contract/setup.schema')).FirstAdminFormSchema,
    onSubmit: async ({ fullName, email, password }) => {
      try {
        const admin = await createFirstAdmin({ token, fullName, email, password });
        setSessionUser(queryClient, admin);
        toast.success(t('setup.created'));
        await landSignedIn(admin, navigate);
      } catch (error) {
        // The link was used (or another admin was made) meanwhile: the screen says which.
        if (isApiError(error) && (error.code === 'TOKEN_EXPIRED' || error.code === 'CONFLICT')) return onGone();
        throw error;
      }
    },
    onError: () => t('common.errors.unhandled'),
  });
  return (
    <form className="auth-form" {...form.formProps}>
      <p>{t('setup.intro')}</p>
      <FormMessage>{form.message}</FormMessage>
      <TextField {...form.field('fullName', t('auth.fields.fullName'))} autoComplete="name" required maxLength={200} />
      <TextField {...form.field('email', t('auth.fields.email'))} type="email" autoComplete="email" required />
      <TextField
        {...form.field('password', t('auth.fields.password'))}
        type="password"
        autoComplete="new-password"
        description={t('setup.passwordHint')}
        required
      />
      <TextField
        {...form.field('confirmPassword', t('auth.fields.confirmPassword'))}
        type="password"
        autoComplete="new-password"
        required
      />
      <button type="submit" className="button" disabled={form.pending}>
        {t('setup.submit')}
      </button>
    </form>
  );
}
