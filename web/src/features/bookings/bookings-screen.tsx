import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** The bookings list (spec §2). */
export function BookingsScreen() {
  const { t } = useTranslation();
  return <Page title={t('bookings.list.title')} description={t('bookings.list.description')} />;
}
