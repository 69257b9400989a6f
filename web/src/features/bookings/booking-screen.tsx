import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** One booking, to view or edit (spec §2). */
export function BookingScreen() {
  const { t } = useTranslation();
  return <Page title={t('bookings.detail.title')} description={t('bookings.detail.description')} />;
}
