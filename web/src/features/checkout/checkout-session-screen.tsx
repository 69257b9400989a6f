import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Payment result for `/checkout-session/:sessionId` (spec §2). */
export function CheckoutSessionScreen() {
  const { t } = useTranslation();
  return <Page title={t('checkout.session.title')} description={t('checkout.session.description')} />;
}
