import { useTranslation } from 'react-i18next';
import { InfoPage } from './components/info-page';

/** Frequently asked questions (spec §2, §5 FAQ text). */
export function FaqScreen() {
  const { t } = useTranslation();
  return <InfoPage page="faq" title={t('info.faq.title')} description={t('info.faq.description')} />;
}
