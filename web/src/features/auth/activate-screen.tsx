import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '#web/lib/session';
import { FormMessage } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { resend, resendLink, useLinkCheck } from './api/activation';
import { LinkForm } from './components/link-form';
import { ResendButton } from './components/resend-button';
import './components/auth.css';

/** Account activation through the e-mailed link; a validation e-mail can be resent (spec §2, §4, §8). */
export function ActivateScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { link, check } = useLinkCheck(search);
  const { user } = useSession();

  let body: React.ReactNode;
  if (!link) {
    body = (
      <>
        <FormMessage kind="info">{t('auth.activate.incompleteLink')}</FormMessage>
        {user && !user.verified ? <ResendButton send={resendLink} /> : null}
      </>
    );
  } else if (check.isPending) {
    body = <p role="status">{t('auth.activate.checking')}</p>;
  } else if (check.isError || check.data === 'expired') {
    body = (
      <>
        <FormMessage>{check.isError ? t('common.errors.unhandled') : t('auth.activate.linkExpired')}</FormMessage>
        <ResendButton send={() => resend(link.email, false)} />
      </>
    );
  } else {
    body = (
      <>
        {check.data.needsPassword ? <p>{t('auth.activate.choosePassword')}</p> : null}
        <LinkForm
          link={link}
          needsPassword={check.data.needsPassword}
          submitLabel={t('auth.activate.submit')}
          successMessage={t('auth.activate.activated')}
          onExpired={() => void check.refetch()}
        />
      </>
    );
  }

  return (
    <Page title={t('auth.activate.title')} description={t('auth.activate.description')}>
      <div className="auth-card auth-form">
        {body}
        <Link to="/">{t('auth.activate.goHome')}</Link>
      </div>
    </Page>
  );
}
