import { lazy, type RefObject, Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/session';
import { useUserLanguageSync } from '../features/auth/api/user-language';
import { useSettings } from '../features/settings/api/get-settings';
import { importWithStrings } from '../i18n/index';
import { useLanguageFromAddress } from '../i18n/use-language-from-address';
import { AccountMenu } from '../ui/account-menu';
import { Footer } from '../ui/footer';
import { Header } from '../ui/header';
import { PageLoading } from '../ui/page-loading';
import { RouteProgress } from '../ui/route-progress';

// Cookie consent exists only when the deployment sets ANALYTICS_ID: without it, not a byte of it is loaded.
const loadCookieConsent = () =>
  importWithStrings('features/cookies/cookie-consent', () => import('../features/cookies/cookie-consent'));
const CookieConsent = lazy(() => loadCookieConsent().then((m) => ({ default: m.CookieConsent })));
const CookieSettingsButton = lazy(() => loadCookieConsent().then((m) => ({ default: m.CookieSettingsButton })));
// Only signed-in users who have not activated their account (or suspended sessions) load the banner's code.
const AccountBanner = lazy(() =>
  importWithStrings(
    'features/auth/components/account-banner',
    () => import('../features/auth/components/account-banner'),
  ).then((module) => ({ default: module.AccountBanner })),
);
// The footer's newsletter form is below the fold on every page: its code loads after the screen's (ARCHITECTURE §7).
const NewsletterForm = lazy(() =>
  import('../features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
// Issue #6: the unread-notifications bell, loaded apart from the entry chunk.
const NotificationBell = lazy(() =>
  importWithStrings(
    'features/notifications/components/notification-bell',
    () => import('../features/notifications/components/notification-bell'),
  ).then((m) => ({ default: m.NotificationBell })),
);

/** Every route renders inside this layout (spec §2): header, the screen, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const session = useSession();
  useLanguageFromAddress();
  useUserLanguageSync();
  useResetOnPathChange(pathname, mainRef);

  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <RouteProgress />
      <Header
        websiteName={settings.websiteName}
        languages={settings.languages}
        account={
          <>
            {/* Visitors have no bell: they download neither its code nor its strings. */}
            {session.user ? (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            ) : null}
            <AccountMenu />
          </>
        }
      />
      {session.user && !session.user.verified ? (
        <Suspense fallback={null}>
          <AccountBanner kind="unverified" />
        </Suspense>
      ) : session.unauthorized ? (
        <Suspense fallback={null}>
          <AccountBanner kind="unauthorized" />
        </Suspense>
      ) : null}
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <Suspense fallback={<PageLoading />}>
          {/* Keyed by path: every page change starts the screen afresh (spec §2). */}
          <Outlet key={pathname} />
        </Suspense>
      </main>
      <Footer
        websiteName={settings.websiteName}
        showSuppliers={!settings.hideSuppliers}
        newsletter={
          <Suspense fallback={null}>
            <NewsletterForm />
          </Suspense>
        }
        cookieSettings={
          settings.analyticsId ? (
            <Suspense fallback={null}>
              <CookieSettingsButton />
            </Suspense>
          ) : null
        }
      />
      {settings.analyticsId ? (
        <Suspense fallback={null}>
          <CookieConsent analyticsId={settings.analyticsId} websiteName={settings.websiteName} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Spec §2: scroll to the top on every page change. Focus also moves to the main region so that
 * keyboard and screen-reader users start reading the new page, not the link they left.
 */
function useResetOnPathChange(pathname: string, mainRef: RefObject<HTMLElement | null>): void {
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
