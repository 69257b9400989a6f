import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Privacy policy (spec §2, §5 privacy text). */
export function PrivacyScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.privacy.title')} description={t('info.privacy.description')} />;
}
