import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** All locations (spec §2). */
export function LocationsScreen() {
  const { t } = useTranslation();
  return <Page title={t('locations.title')} description={t('locations.description')} />;
}
