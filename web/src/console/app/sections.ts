import { SECTION_PERMISSIONS as NEEDS, type Permission } from '@roam/contract/team';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '#web/console/team/api/team';

/** One section of the console's navigation. */
export interface Section {
  to: string;
  label: string;
}

/**
 * The console's sections, in the navigation's order: every operator's daily work, then the team, then the platform's
 * own areas. Each shows to the roles whose permission (contract team.ts, the table the server's route auth reads)
 * lets them use it: a counter agent sees no fleet editor's profile nor team, an accountant no walk-in.
 */
export function useSections(): Section[] {
  const { t } = useTranslation();
  const may = usePermissions();
  const all: (Section & { permission: Permission })[] = [
    { to: '/operator/dashboard', label: t('operatorDashboard.nav'), permission: NEEDS.dashboard },
    { to: '/operator/bookings', label: t('operator.nav.bookings'), permission: NEEDS.bookings },
    { to: '/operator/cars', label: t('operator.nav.cars'), permission: NEEDS.cars },
    { to: '/operator/scheduler', label: t('operatorScheduler.nav'), permission: NEEDS.scheduler },
    { to: '/operator/bookings/new', label: t('operatorWalkIn.nav'), permission: NEEDS.walkIn },
    { to: '/operator/cancellation-requests', label: t('operator.nav.requests'), permission: NEEDS.requests },
    { to: '/operator/profile', label: t('operator.nav.profile'), permission: NEEDS.profile },
    { to: '/operator/counter-settings', label: t('operator.nav.counterSettings'), permission: NEEDS.counterSettings },
    { to: '/operator/extras', label: t('operator.nav.extras'), permission: NEEDS.extras },
    { to: '/operator/promo-codes', label: t('operator.nav.promoCodes'), permission: NEEDS.promoCodes },
    { to: '/operator/fees', label: t('operator.nav.fees'), permission: NEEDS.fees },
    { to: '/operator/team', label: t('operator.nav.team'), permission: NEEDS.team },
    { to: '/operator/activity', label: t('operator.nav.activity'), permission: NEEDS.activity },
    { to: '/operator/statements', label: t('operator.nav.statements'), permission: NEEDS.statements },
    { to: '/operator/setup', label: t('operatorSetup.nav'), permission: NEEDS.setup },
    { to: '/operator/users', label: t('operatorAdmin.nav.users'), permission: NEEDS.users },
    { to: '/operator/suppliers', label: t('operatorAdmin.nav.suppliers'), permission: NEEDS.suppliers },
    { to: '/operator/places', label: t('operatorAdmin.nav.places'), permission: NEEDS.places },
    { to: '/operator/settings', label: t('operatorAdmin.nav.settings'), permission: NEEDS.settings },
    {
      to: '/operator/reconciliation',
      label: t('operatorAdmin.nav.reconciliation'),
      permission: NEEDS.reconciliation,
    },
  ];
  return all.filter((section) => may.has(section.permission)).map(({ to, label }) => ({ to, label }));
}
