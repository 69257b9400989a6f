import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Booking options, driver details, payment options and the pick-up checklist (spec §2). */
export function CheckoutScreen() {
  const { t } = useTranslation();
  return <Page title={t('checkout.title')} description={t('checkout.description')} />;
}
