import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';

/** The operator's cars (issue #23 item 1). */
export function CarListScreen() {
  const { t } = useTranslation();
  return <Page title={t('operatorCars.list.title')} description={t('operatorCars.list.description')} />;
}
