import { useTranslation } from 'react-i18next';
import { resendLink } from '../api/activation';
import { ResendButton } from './resend-button';
import './account-banner.css';

/** Signed-in users who have not activated their account yet, or a suspended session (spec §4). */
export function AccountBanner({ kind }: { kind: 'unverified' | 'unauthorized' }) {
  const { t } = useTranslation();
  return (
    <section className="account-banner" aria-label={t('header.account')}>
      <div className="container account-banner__inner">
        {kind === 'unverified' ? (
          <>
            <p className="account-banner__text">{t('auth.banner.text')}</p>
            <ResendButton send={resendLink} label={t('auth.banner.resend')} />
          </>
        ) : (
          <p className="account-banner__text">{t('auth.menu.unauthorized')}</p>
        )}
      </div>
    </section>
  );
}
