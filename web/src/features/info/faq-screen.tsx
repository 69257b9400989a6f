import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Frequently asked questions (spec §2, §5 FAQ text). */
export function FaqScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.faq.title')} description={t('info.faq.description')} />;
}
