import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Contact form (spec §2). */
export function ContactScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.contact.title')} description={t('info.contact.description')} />;
}
