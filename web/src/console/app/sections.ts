import { useTranslation } from 'react-i18next';

/** One section of the console's navigation. */
export interface Section {
  to: string;
  label: string;
}

/**
 * The console's sections, in the navigation's order: every operator's daily work, then the admin's own areas (a
 * supplier does not see them, and gets not-found on their addresses: router.tsx, adminsOnly).
 */
export function useSections(admin: boolean): Section[] {
  const { t } = useTranslation();
  return [
    { to: '/operator/dashboard', label: t('operatorDashboard.nav') },
    { to: '/operator/cars', label: t('operator.nav.cars') },
    { to: '/operator/scheduler', label: t('operatorScheduler.nav') },
    { to: '/operator/bookings/new', label: t('operatorWalkIn.nav') },
    { to: '/operator/cancellation-requests', label: t('operator.nav.requests') },
    { to: '/operator/profile', label: t('operator.nav.profile') },
    { to: '/operator/counter-settings', label: t('operator.nav.counterSettings') },
    ...(admin
      ? [
          { to: '/operator/setup', label: t('operatorSetup.nav') },
          { to: '/operator/users', label: t('operatorAdmin.nav.users') },
          { to: '/operator/suppliers', label: t('operatorAdmin.nav.suppliers') },
          { to: '/operator/places', label: t('operatorAdmin.nav.places') },
          { to: '/operator/settings', label: t('operatorAdmin.nav.settings') },
        ]
      : []),
  ];
}
