import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** The suppliers; the router shows not-found when the deployment hides them (spec §2). */
export function SuppliersScreen() {
  const { t } = useTranslation();
  return <Page title={t('suppliers.title')} description={t('suppliers.description')} />;
}
