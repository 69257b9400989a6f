import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { disableAnalytics, enableAnalytics } from './analytics';
import { chooseConsent, reopenConsent, useConsent } from './consent-store';
import './cookie-consent.css';

/**
 * The cookie banner. Rendered only when the deployment sets ANALYTICS_ID; analytics loads only after the
 * visitor accepts. Nothing third-party is requested before that.
 */
export function CookieConsent({ analyticsId, websiteName }: { analyticsId: string; websiteName: string }) {
  const { t } = useTranslation();
  const { consent, bannerOpen } = useConsent();
  const titleId = useId();
  const regionRef = useRef<HTMLElement>(null);
  const hadChoice = useRef(consent !== null);

  useEffect(() => {
    if (consent === 'accepted') enableAnalytics(analyticsId);
    if (consent === 'declined') disableAnalytics(analyticsId);
  }, [consent, analyticsId]);

  useEffect(() => {
    // Reopened from the footer: take the visitor to the choice.
    if (bannerOpen && hadChoice.current) regionRef.current?.focus();
    hadChoice.current = consent !== null;
  }, [bannerOpen, consent]);

  if (!bannerOpen) return null;
  return (
    <section ref={regionRef} className="cookie-consent" aria-labelledby={titleId} tabIndex={-1}>
      <div className="cookie-consent__inner container">
        <h2 id={titleId} className="cookie-consent__title">
          {t('cookies.banner.title')}
        </h2>
        <p className="cookie-consent__text">{t('cookies.banner.text', { websiteName })}</p>
        <div className="cookie-consent__actions">
          <button type="button" className="button button--accent" onClick={() => chooseConsent('accepted')}>
            {t('cookies.banner.accept')}
          </button>
          <button type="button" className="button button--on-dark" onClick={() => chooseConsent('declined')}>
            {t('cookies.banner.decline')}
          </button>
          <Link to="/cookie-policy" className="cookie-consent__policy">
            {t('cookies.banner.policy')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The footer's 'Cookie settings' link: reopens the banner. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="cookie-settings-button" onClick={reopenConsent}>
      {t('footer.cookieSettings')}
    </button>
  );
}
