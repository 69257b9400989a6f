import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useSetupStatus } from '../setup/api/setup';
import type { OperatorScreenProps } from './console-layout';

// The admin's back office in the console (issue #24): its addresses and sections, shown to an admin only (a supplier
// on one of them gets the not-found screen, as a driver does on any console address). Each screen is its own chunk.

const UsersScreen = lazy(() => import('../users/users-screen').then((m) => ({ default: m.UsersScreen })));
const UserScreen = lazy(() => import('../users/user-screen').then((m) => ({ default: m.UserScreen })));
const SuppliersScreen = lazy(() =>
  import('../suppliers/supplier-accounts-screen').then((m) => ({ default: m.SuppliersScreen })),
);
const PlacesScreen = lazy(() =>
  import('../locations/admin-locations-screen').then((m) => ({ default: m.PlacesScreen })),
);
const PlacesImportScreen = lazy(() =>
  import('../locations/locations-import-screen').then((m) => ({ default: m.PlacesImportScreen })),
);
const LocationScreen = lazy(() => import('../locations/location-screen').then((m) => ({ default: m.LocationScreen })));
const BookingRulesScreen = lazy(() =>
  import('../booking-rules/booking-rules-screen').then((m) => ({ default: m.BookingRulesScreen })),
);
const SetupScreen = lazy(() =>
  import('../setup/setup-checklist-screen').then((m) => ({ default: m.SetupChecklistScreen })),
);

export const ADMIN_SCREENS: Record<string, ComponentType<OperatorScreenProps>> = {
  '/operator/users': UsersScreen,
  '/operator/users/:id': UserScreen,
  '/operator/suppliers': SuppliersScreen,
  '/operator/places': PlacesScreen,
  // Before ':id': the first match wins.
  '/operator/places/import': PlacesImportScreen,
  '/operator/places/:id': LocationScreen,
  '/operator/settings': BookingRulesScreen,
  '/operator/setup': SetupScreen,
};

export function useIsAdmin(): boolean {
  return useSession().user?.type === 'admin';
}

/** The admin's sections of the console's bar; none for a supplier. */
export function useAdminSections(): { to: string; label: string }[] {
  const { t } = useTranslation();
  if (!useIsAdmin()) return [];
  return [
    { to: '/operator/setup', label: t('operatorSetup.nav') },
    { to: '/operator/users', label: t('operatorAdmin.nav.users') },
    { to: '/operator/suppliers', label: t('operatorAdmin.nav.suppliers') },
    { to: '/operator/places', label: t('operatorAdmin.nav.places') },
    { to: '/operator/settings', label: t('operatorAdmin.nav.settings') },
  ];
}

/**
 * Where the console's home (`/operator`) goes: the admin to the set-up checklist while the business is not ready
 * (issue #26 item 2: no place, supplier or bookable car yet), else to the dashboard (issue #24 item 6); null while that is being asked.
 */
export function useConsoleHome(atHome: boolean): string | null {
  const admin = useIsAdmin();
  const { data, isError } = useSetupStatus(admin && atHome);
  if (!admin) return '/operator/dashboard';
  if (data) return data.ready ? '/operator/dashboard' : '/operator/setup';
  return isError ? '/operator/dashboard' : null;
}
