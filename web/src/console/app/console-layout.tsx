import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../ui/page-loading';
import { matchOperatorPath, type PathParams } from '../lib/operator-paths';
import { useOperatorStrings } from '../lib/operator-strings';
import { ADMIN_SCREENS, useAdminSections, useConsoleHome, useIsAdmin } from './admin-sections';
import './console-layout.css';

// The operator console (issue #23, ARCHITECTURE §5 "Operators"): suppliers run their own fleet, the admin any
// supplier's. Its screens are routes of their own here, under /operator/, each a chunk loaded on first visit. They
// are not in app/router.tsx: that table is in the entry chunk every customer downloads, and each route there costs
// every customer route bytes (ARCHITECTURE §7: the console adds 0). The app's not-found screen opens the console
// for an operator on an /operator/ address (app/not-found-screen.tsx), so a driver or a visitor gets not-found.
// For the same reason the console imports from the entry's libraries (react-router…) only what customer screens
// already import: anything else would be kept, and exported, in the entry chunk for it.

/** What a console screen is given: the parameters of its address. */
export interface OperatorScreenProps {
  params: PathParams;
}

const CarListScreen = lazy(() => import('../fleet/car-list-screen').then((m) => ({ default: m.CarListScreen })));
const CarEditorScreen = lazy(() => import('../fleet/car-editor-screen').then((m) => ({ default: m.CarEditorScreen })));
const CarAvailabilityScreen = lazy(() =>
  import('../fleet/car-availability-screen').then((m) => ({ default: m.CarAvailabilityScreen })),
);
const ImportScreen = lazy(() => import('../fleet-import/import-screen').then((m) => ({ default: m.ImportScreen })));
const CarHistoryScreen = lazy(() =>
  import('../fleet/car-history-screen').then((m) => ({ default: m.CarHistoryScreen })),
);
const ProfileScreen = lazy(() =>
  import('../supplier-profile/supplier-profile-screen').then((m) => ({ default: m.SupplierProfileScreen })),
);
const DashboardScreen = lazy(() =>
  import('../dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
);
const SchedulerScreen = lazy(() =>
  import('../scheduler/scheduler-screen').then((m) => ({ default: m.SchedulerScreen })),
);
const RequestsScreen = lazy(() =>
  import('../cancellations/cancellation-requests-screen').then((m) => ({ default: m.CancellationRequestsScreen })),
);
const WalkInScreen = lazy(() => import('../walk-in/walk-in-screen').then((m) => ({ default: m.WalkInScreen })));

/** Each address of the console and its screen, the first match winning. */
const SCREENS: Record<string, ComponentType<OperatorScreenProps>> = {
  '/operator/dashboard': DashboardScreen,
  '/operator/cars': CarListScreen,
  '/operator/cars/new': CarEditorScreen,
  '/operator/cars/import': ImportScreen,
  '/operator/cars/:carId': CarEditorScreen,
  '/operator/cars/:carId/availability': CarAvailabilityScreen,
  '/operator/cars/:carId/history': CarHistoryScreen,
  '/operator/profile': ProfileScreen,
  '/operator/cancellation-requests': RequestsScreen,
  '/operator/scheduler': SchedulerScreen,
  '/operator/bookings/new': WalkInScreen,
};
const PATTERNS = Object.keys(SCREENS);
const ALL_SCREENS = { ...SCREENS, ...ADMIN_SCREENS };

/** The console's sections. Profile and cancellation requests (issue #23), then the admin's areas, go here. */
function useSections(): { to: string; label: string }[] {
  const { t } = useTranslation();
  return [
    { to: '/operator/dashboard', label: t('operatorDashboard.nav') },
    { to: '/operator/cars', label: t('operator.nav.cars') },
    { to: '/operator/scheduler', label: t('operatorScheduler.nav') },
    { to: '/operator/bookings/new', label: t('operatorWalkIn.nav') },
    { to: '/operator/cancellation-requests', label: t('operator.nav.requests') },
    { to: '/operator/profile', label: t('operator.nav.profile') },
    ...useAdminSections(),
  ];
}

export interface OperatorConsoleProps {
  /** The app's not-found screen, for an /operator/ address no screen here answers. */
  notFound: ReactNode;
}

export function OperatorConsole({ notFound }: OperatorConsoleProps) {
  useOperatorStrings();
  const { t } = useTranslation();
  const sections = useSections();
  const { pathname } = useLocation();
  const admin = useIsAdmin();
  // The dashboard is the console's home (issue #24 item 6); the admin's set-up checklist while the business is not
  // ready (issue #26 item 2).
  const atHome = /^\/operator\/?$/.test(pathname);
  const home = useConsoleHome(atHome);
  if (atHome) return home ? <Navigate to={home} replace /> : <PageLoading />;
  const match = matchOperatorPath(admin ? Object.keys(ALL_SCREENS) : PATTERNS, pathname);
  const Screen = match ? ALL_SCREENS[match.pattern] : undefined;
  return (
    <div className="operator">
      <nav className="operator-nav" aria-label={t('operator.nav.label')}>
        <div className="container operator-nav__inner">
          <span className="operator-nav__title">{t('operator.nav.title')}</span>
          <ul className="operator-nav__list">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className="operator-nav__link"
                  aria-current={pathname.startsWith(section.to) ? 'page' : undefined}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <Suspense fallback={<PageLoading />}>{match && Screen ? <Screen params={match.params} /> : notFound}</Suspense>
    </div>
  );
}
