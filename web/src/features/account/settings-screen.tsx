import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Account settings (spec §2). */
export function SettingsScreen() {
  const { t } = useTranslation();
  return <Page title={t('account.settings.title')} description={t('account.settings.description')} />;
}
