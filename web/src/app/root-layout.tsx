import { lazy, Suspense, use, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useUserLanguageSync } from '#web/features/auth/api/user-language';
import { importWithStrings } from '#web/i18n/index';
import { useLanguageFromAddress } from '#web/i18n/use-language-from-address';
import { readStoredUser, useSession, useSignOut } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { AccountMenu } from '#web/ui/account-menu';
import { Footer } from '#web/ui/footer';
import { Header } from '#web/ui/header';
import { BellIcon } from '#web/ui/icons';
import { PageLoading } from '#web/ui/page-loading';
import { RouteProgress } from '#web/ui/route-progress';
import { useResetOnPathChange } from '#web/ui/use-reset-on-path-change';

// Cookie consent exists only when the deployment sets ANALYTICS_ID: without it, not a byte of it is loaded.
const loadCookieConsent = () =>
  importWithStrings('features/cookies/cookie-consent', () => import('#web/features/cookies/cookie-consent'));
const CookieConsent = lazy(() => loadCookieConsent().then((m) => ({ default: m.CookieConsent })));
const CookieSettingsButton = lazy(() => loadCookieConsent().then((m) => ({ default: m.CookieSettingsButton })));
// The banner above the screen for a signed-in user who has not activated the account, or a suspended session: its
// code loads only for them. The screen waits for it (AccountBannerReady) and shows nothing meanwhile, so the banner
// never pushes a painted page down (it came ~300 ms after the screen, 129 px at 360 px, CLS 0.17).
const loadAccountBanner = () =>
  importWithStrings(
    'features/auth/components/account-banner',
    () => import('#web/features/auth/components/account-banner'),
  );
const AccountBanner = lazy(() => loadAccountBanner().then((module) => ({ default: module.AccountBanner })));
const accountBanner: { ready: Promise<void> | null; loaded: boolean } = { ready: null, loaded: false };

/** Suspends the screen's boundary until the banner can show. A banner that failed to load holds nothing back. */
function AccountBannerReady() {
  accountBanner.ready ??= loadAccountBanner().then(
    () => {
      accountBanner.loaded = true;
    },
    () => {},
  );
  use(accountBanner.ready);
  return null;
}
// The footer's newsletter form is below the fold on every page: its code loads after the screen's (docs/architecture.md §7).
const NewsletterForm = lazy(() =>
  import('#web/features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
// The unread-notifications bell, loaded apart from the entry chunk.
const NotificationBell = lazy(() =>
  importWithStrings(
    'features/notifications/components/notification-bell',
    () => import('#web/features/notifications/components/notification-bell'),
  ).then((m) => ({ default: m.NotificationBell })),
);

/** Every route renders inside this layout (spec §2): header, the screen, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const session = useSession();
  const signOut = useSignOut();
  useLanguageFromAddress();
  useUserLanguageSync();
  useResetOnPathChange(pathname, mainRef);
  // Until this page load's session check answers, the stored user gives the layout its shape (the bell, the banner),
  // so that the header and the page do not move when the answer comes. Screens still wait for the answer.
  const user = useMemo(() => (session.isLoading ? readStoredUser() : session.user), [session.isLoading, session.user]);
  const banner = user && !user.verified ? 'unverified' : session.unauthorized ? 'unauthorized' : null;

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
            {user ? (
              <Suspense
                fallback={
                  <span className="header-button notification-bell" aria-hidden="true">
                    <BellIcon />
                  </span>
                }
              >
                <NotificationBell />
              </Suspense>
            ) : null}
            <AccountMenu user={user} onSignOut={() => signOut({ redirectTo: '/' })} />
          </>
        }
      />
      {banner ? (
        <Suspense fallback={null}>
          <AccountBanner kind={banner} />
        </Suspense>
      ) : null}
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <Suspense fallback={banner && !accountBanner.loaded ? null : <PageLoading />}>
          {banner ? <AccountBannerReady /> : null}
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
