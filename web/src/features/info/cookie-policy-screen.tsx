import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Cookie policy (spec §2). */
export function CookiePolicyScreen() {
  const { t } = useTranslation();
  return <Page title={t('info.cookiePolicy.title')} description={t('info.cookiePolicy.description')} />;
}
