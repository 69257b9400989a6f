import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** The notifications list (spec §2). */
export function NotificationsScreen() {
  const { t } = useTranslation();
  return <Page title={t('notifications.title')} description={t('notifications.description')} />;
}
