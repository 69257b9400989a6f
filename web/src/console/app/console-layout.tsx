import { Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useLanguageFromAddress } from '#web/i18n/use-language-from-address';
import { readStoredUser, useSession, useSignOut } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { AccountMenu } from '#web/ui/account-menu';
import { Header } from '#web/ui/header';
import { PageLoading } from '#web/ui/page-loading';
import { RouteProgress } from '#web/ui/route-progress';
import { useResetOnPathChange } from '#web/ui/use-reset-on-path-change';
import { useUserLanguageSync } from '#web/features/auth/api/user-language';
import { ConsoleNav } from './console-nav';
import '#web/console/components/console.css';
import './console-layout.css';

/**
 * Every console screen renders inside this layout: the site's header (language and account menus, as in the
 * customer app), the console's sections, then the screen. Operators work at their desks: there is no footer.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const session = useSession();
  const signOut = useSignOut();
  useLanguageFromAddress();
  useUserLanguageSync();
  useResetOnPathChange(pathname, mainRef);
  // Until this page load's session check answers, the stored user gives the navigation its sections, so that it
  // does not move when the answer comes; the screens wait for the answer (router.tsx, operatorsOnly).
  const user = useMemo(() => (session.isLoading ? readStoredUser() : session.user), [session.isLoading, session.user]);
  const operator = user?.type === 'supplier' || user?.type === 'admin';

  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <RouteProgress />
      <Header
        websiteName={settings.websiteName}
        languages={settings.languages}
        account={<AccountMenu user={user} onSignOut={() => signOut({ redirectTo: '/' })} />}
      />
      {operator ? <ConsoleNav /> : null}
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main console-main">
        <Suspense fallback={<PageLoading />}>
          {/* Keyed by path: every page change starts the screen afresh (spec §2). */}
          <Outlet key={pathname} />
        </Suspense>
      </main>
    </>
  );
}
