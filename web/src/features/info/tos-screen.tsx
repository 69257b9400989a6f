import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Terms of service (spec §2, §5 terms text). */
export function TosScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.tos.title')} description={t('info.tos.description')} />;
}
