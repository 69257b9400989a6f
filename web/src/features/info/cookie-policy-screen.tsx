import { useTranslation } from 'react-i18next';
import { InfoPage } from './components/info-page';

/** Cookie policy (spec §2). */
export function CookiePolicyScreen() {
  const { t } = useTranslation();
  return (
    <InfoPage
      page="cookie-policy"
      title={t('info.cookiePolicy.title')}
      description={t('info.cookiePolicy.description')}
    />
  );
}
