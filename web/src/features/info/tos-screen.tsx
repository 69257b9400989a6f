import { useTranslation } from 'react-i18next';
import { InfoPage } from './components/info-page';

/** Terms of service (spec §2, §5 terms text). */
export function TosScreen() {
  const { t } = useTranslation();
  return <InfoPage page="tos" title={t('info.tos.title')} description={t('info.tos.description')} />;
}
