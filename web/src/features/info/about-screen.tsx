import { useTranslation } from 'react-i18next';
import { InfoPage } from './components/info-page';

/** About the provider (spec §2). */
export function AboutScreen() {
  const { t } = useTranslation();
  return <InfoPage page="about" title={t('info.about.title')} description={t('info.about.description')} />;
}
