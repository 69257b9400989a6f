import { type Permission, SECTION_PERMISSIONS } from '@roam/contract/team';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { RouteErrorBoundary } from '#web/app/route-error-boundary';
import AREAS from '#web/i18n/areas.json';
import { loadStrings } from '#web/i18n/index';
import type { Area } from '#web/i18n/translations';
import { sessionQueryOptions } from '#web/lib/session';
import { PageLoading } from '#web/ui/page-loading';
import { setupStatusQueryOptions } from '#web/console/setup/api/setup';
import { accessQueryOptions, permissionsOfType } from '#web/console/team/api/team';
import { ConsoleLayout } from './console-layout';

type ConsoleScreen = keyof typeof AREAS.console.screens;

/**
 * A route whose screen loads on first visit, with the strings of the areas it shows (i18n/areas.json, `console`, by
 * the screen file's name), as the customer app's screens do (app/router.tsx); and its own error boundary, in the
 * layout: a screen that fails, or whose code does not download, says so under the sections.
 */
function screen<Module>(
  name: ConsoleScreen,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  const areas = AREAS.console.screens[name] as Area[];
  return {
    ErrorBoundary: RouteErrorBoundary,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadStrings(areas)]);
      return { Component: pick(module) };
    },
  };
}

const notFound = () => {
  throw data(null, { status: 404 });
};

/**
 * The console's routes. The server sends console.html only to a signed-in supplier or admin (server/src/plugins/
 * web-app.ts); the loaders still ask the session, for a session that ended since: anyone else gets not-found, as on
 * an address no screen answers, and a supplier on the admin's.
 */
export function consoleRoutes(queryClient: QueryClient): RouteObject[] {
  const userType = async () => (await queryClient.ensureQueryData(sessionQueryOptions)).user?.type;
  const operatorsOnly = async ({ request }: LoaderFunctionArgs) => {
    const type = await userType();
    if (type !== 'supplier' && type !== 'admin') return notFound();
    // A member whose team requires two-step sign-in and who has not set it up: the server answers nothing else, so
    // the account settings lead them through it (the customer app's page) and send them back here.
    const access = await queryClient.ensureQueryData(accessQueryOptions).catch(() => null);
    if (access?.twoFactor.required && !access.twoFactor.enabled) {
      const { pathname, search } = new URL(request.url);
      window.location.assign(`/settings?enrol=${encodeURIComponent(pathname + search)}`);
      return new Promise<never>(() => {});
    }
    return null;
  };
  // The session is asked once per page load (lib/session.ts): these checks need not run again on every change of a
  // screen's address, and must not: a screen's filters live in its query string, and a second filter chosen while
  // the first one's navigation waited on them was lost.
  const once = () => false;
  // The console's home: the admin's set-up checklist while the business is not ready (no location, supplier or
  // bookable car yet), else the dashboard.
  /** A screen of a permission the role lacks is not-found, as its section is not shown (sections.ts). */
  const permissions = async () => {
    const access = await queryClient.ensureQueryData(accessQueryOptions).catch(() => null);
    return new Set(access ? access.permissions : permissionsOfType(await userType()));
  };
  const allowed = (permission: Permission) => async () => ((await permissions()).has(permission) ? null : notFound());
  /**
   * Every screen asks its section's permission (the navigation's, contract team.ts): one the role lacks is
   * not-found, as on an address no screen answers — the platform's screens to a support agent but the users'.
   */
  const guarded = (permission: Permission) => ({ loader: allowed(permission), shouldRevalidate: once });
  const home = async () => {
    // A counter agent has no dashboard: their day starts at the scheduler.
    if (!(await permissions()).has(SECTION_PERMISSIONS.dashboard)) return redirect('/operator/scheduler');
    if ((await userType()) !== 'admin') return redirect('/operator/dashboard');
    const status = await queryClient.fetchQuery(setupStatusQueryOptions).catch(() => null);
    return redirect(status?.ready === false ? '/operator/setup' : '/operator/dashboard');
  };

  return [
    {
      path: '/operator',
      Component: ConsoleLayout,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          // Pathless: errors and first-load fallbacks render inside the layout, under the navigation.
          loader: operatorsOnly,
          shouldRevalidate: once,
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: PageLoading,
          children: [
            { index: true, loader: home },
            {
              path: 'dashboard',
              ...guarded(SECTION_PERMISSIONS.dashboard),
              ...screen(
                'dashboard',
                () => import('#web/console/dashboard/dashboard-screen'),
                (m) => m.DashboardScreen,
              ),
            },
            {
              path: 'cars',
              ...guarded(SECTION_PERMISSIONS.cars),
              ...screen(
                'car-list',
                () => import('#web/console/fleet/car-list-screen'),
                (m) => m.CarListScreen,
              ),
            },
            {
              path: 'cars/new',
              ...guarded(SECTION_PERMISSIONS.cars),
              ...screen(
                'car-editor',
                () => import('#web/console/fleet/car-editor-screen'),
                (m) => m.CarEditorScreen,
              ),
            },
            {
              path: 'cars/import',
              ...guarded(SECTION_PERMISSIONS.cars),
              ...screen(
                'import',
                () => import('#web/console/fleet-import/import-screen'),
                (m) => m.ImportScreen,
              ),
            },
            {
              path: 'cars/:carId',
              ...guarded(SECTION_PERMISSIONS.cars),
              ...screen(
                'car-editor',
                () => import('#web/console/fleet/car-editor-screen'),
                (m) => m.CarEditorScreen,
              ),
            },
            {
              path: 'cars/:carId/availability',
              ...guarded(SECTION_PERMISSIONS.carCalendar),
              ...screen(
                'car-availability',
                () => import('#web/console/fleet/car-availability-screen'),
                (m) => m.CarAvailabilityScreen,
              ),
            },
            {
              path: 'cars/:carId/history',
              ...guarded(SECTION_PERMISSIONS.cars),
              ...screen(
                'car-history',
                () => import('#web/console/fleet/car-history-screen'),
                (m) => m.CarHistoryScreen,
              ),
            },
            {
              path: 'profile',
              ...guarded(SECTION_PERMISSIONS.profile),
              ...screen(
                'supplier-profile',
                () => import('#web/console/supplier-profile/supplier-profile-screen'),
                (m) => m.SupplierProfileScreen,
              ),
            },
            {
              path: 'cancellation-requests',
              ...guarded(SECTION_PERMISSIONS.requests),
              ...screen(
                'cancellation-requests',
                () => import('#web/console/cancellations/cancellation-requests-screen'),
                (m) => m.CancellationRequestsScreen,
              ),
            },
            {
              path: 'scheduler',
              ...guarded(SECTION_PERMISSIONS.scheduler),
              ...screen(
                'scheduler',
                () => import('#web/console/scheduler/scheduler-screen'),
                (m) => m.SchedulerScreen,
              ),
            },
            {
              path: 'bookings/:id/check-out',
              ...guarded('counter'),
              ...screen(
                'check-out',
                () => import('#web/console/counter/check-out-screen'),
                (m) => m.CheckOutScreen,
              ),
            },
            {
              path: 'bookings/:id/return',
              ...guarded('counter'),
              ...screen(
                'return',
                () => import('#web/console/counter/return-screen'),
                (m) => m.ReturnScreen,
              ),
            },
            {
              path: 'counter-settings',
              ...guarded(SECTION_PERMISSIONS.counterSettings),
              ...screen(
                'counter-settings',
                () => import('#web/console/counter/counter-settings-screen'),
                (m) => m.CounterSettingsScreen,
              ),
            },
            {
              path: 'extras',
              ...guarded(SECTION_PERMISSIONS.extras),
              ...screen(
                'catalogue-extras',
                () => import('#web/console/offer/catalogue-extras-screen'),
                (m) => m.CatalogueExtrasScreen,
              ),
            },
            {
              path: 'fees',
              ...guarded(SECTION_PERMISSIONS.fees),
              ...screen(
                'fee-rules',
                () => import('#web/console/offer/fee-rules-screen'),
                (m) => m.FeeRulesScreen,
              ),
            },
            {
              path: 'promo-codes',
              ...guarded(SECTION_PERMISSIONS.promoCodes),
              ...screen(
                'promo-codes',
                () => import('#web/console/offer/promo-codes-screen'),
                (m) => m.PromoCodesScreen,
              ),
            },
            {
              path: 'bookings',
              ...guarded(SECTION_PERMISSIONS.bookings),
              ...screen(
                'bookings',
                () => import('#web/console/bookings/bookings-screen'),
                (m) => m.BookingsScreen,
              ),
            },
            {
              path: 'bookings/:id',
              ...guarded(SECTION_PERMISSIONS.bookings),
              ...screen(
                'booking',
                () => import('#web/console/bookings/booking-screen'),
                (m) => m.BookingScreen,
              ),
            },
            {
              path: 'bookings/new',
              ...guarded(SECTION_PERMISSIONS.walkIn),
              ...screen(
                'walk-in',
                () => import('#web/console/walk-in/walk-in-screen'),
                (m) => m.WalkInScreen,
              ),
            },
            {
              path: 'team',
              ...guarded(SECTION_PERMISSIONS.team),
              ...screen(
                'team',
                () => import('#web/console/team/team-screen'),
                (m) => m.TeamScreen,
              ),
            },
            {
              path: 'statements',
              loader: allowed(SECTION_PERMISSIONS.statements),
              shouldRevalidate: once,
              ...screen(
                'statements',
                () => import('#web/console/statements/statements-screen'),
                (m) => m.StatementScreen,
              ),
            },
            {
              path: 'reconciliation',
              ...guarded(SECTION_PERMISSIONS.reconciliation),
              ...screen(
                'reconciliation',
                () => import('#web/console/reconciliation/reconciliation-screen'),
                (m) => m.ReconciliationScreen,
              ),
            },
            {
              path: 'activity',
              ...guarded(SECTION_PERMISSIONS.activity),
              ...screen(
                'activity',
                () => import('#web/console/team/activity-screen'),
                (m) => m.ActivityScreen,
              ),
            },
            {
              path: 'setup',
              ...guarded(SECTION_PERMISSIONS.setup),
              ...screen(
                'setup-checklist',
                () => import('#web/console/setup/setup-checklist-screen'),
                (m) => m.SetupChecklistScreen,
              ),
            },
            {
              path: 'users',
              ...guarded(SECTION_PERMISSIONS.users),
              ...screen(
                'users',
                () => import('#web/console/users/users-screen'),
                (m) => m.UsersScreen,
              ),
            },
            {
              path: 'users/:id',
              ...guarded(SECTION_PERMISSIONS.users),
              ...screen(
                'user',
                () => import('#web/console/users/user-screen'),
                (m) => m.UserScreen,
              ),
            },
            {
              path: 'suppliers',
              ...guarded(SECTION_PERMISSIONS.suppliers),
              ...screen(
                'supplier-accounts',
                () => import('#web/console/suppliers/supplier-accounts-screen'),
                (m) => m.SuppliersScreen,
              ),
            },
            {
              path: 'places',
              ...guarded(SECTION_PERMISSIONS.places),
              ...screen(
                'admin-locations',
                () => import('#web/console/locations/admin-locations-screen'),
                (m) => m.AdminLocationsScreen,
              ),
            },
            {
              path: 'places/import',
              ...guarded(SECTION_PERMISSIONS.places),
              ...screen(
                'locations-import',
                () => import('#web/console/locations/locations-import-screen'),
                (m) => m.LocationsImportScreen,
              ),
            },
            {
              path: 'places/:id',
              ...guarded(SECTION_PERMISSIONS.places),
              ...screen(
                'location',
                () => import('#web/console/locations/location-screen'),
                (m) => m.LocationScreen,
              ),
            },
            {
              path: 'settings',
              ...guarded(SECTION_PERMISSIONS.settings),
              ...screen(
                'booking-rules',
                () => import('#web/console/booking-rules/booking-rules-screen'),
                (m) => m.BookingRulesScreen,
              ),
            },
            { path: '*', loader: notFound },
          ],
        },
      ],
    },
    // Every other address is the customer app's, another page (index.html): a link there (the logo, the account
    // menu, a booking) loads it.
    { path: '*', loader: leaveConsole },
  ];
}

function leaveConsole({ request }: LoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export function createConsoleRouter(queryClient: QueryClient) {
  return createBrowserRouter(consoleRoutes(queryClient));
}
