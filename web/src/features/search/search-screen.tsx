import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Search results: car list, supplier filter, show/hide filters (spec §2). */
export function SearchScreen() {
  const { t } = useTranslation();
  return <Page title={t('search.title')} description={t('search.description')} />;
}
