import { useTranslation } from 'react-i18next';
import { InfoPage } from './components/info-page';

/** Privacy policy (spec §2, §5 privacy text). */
export function PrivacyScreen() {
  const { t } = useTranslation();
  return <InfoPage page="privacy" title={t('info.privacy.title')} description={t('info.privacy.description')} />;
}
