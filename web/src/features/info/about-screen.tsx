import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** About the provider (spec §2). */
export function AboutScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.about.title')} description={t('info.about.description')} />;
}
