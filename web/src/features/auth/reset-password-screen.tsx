import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { useLinkCheck } from './api/activation';
import { LinkForm } from './components/link-form';
import './components/auth.css';

/** Choose a new password with the e-mailed reset link (spec §2). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { link, check } = useLinkCheck(search);

  let body: React.ReactNode;
  if (link && check.isPending) body = <p role="status">{t('auth.activate.checking')}</p>;
  else if (!link || check.isError || check.data === 'expired') {
    body = (
      <>
        <FormMessage>{t('auth.resetPassword.expired')}</FormMessage>
        <Link to="/forgot-password" className="button button--secondary">
          {t('auth.resetPassword.requestNew')}
        </Link>
      </>
    );
  } else {
    body = (
      <LinkForm
        link={link}
        needsPassword
        submitLabel={t('auth.resetPassword.submit')}
        successMessage={t('account.changePassword.success')}
        onExpired={() => void check.refetch()}
      />
    );
  }

  return (
    <Page title={t('auth.resetPassword.title')} description={t('auth.resetPassword.description')}>
      <div className="auth-card auth-form">{body}</div>
    </Page>
  );
}
