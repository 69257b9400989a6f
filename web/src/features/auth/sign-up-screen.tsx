import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Driver registration (spec §2). */
export function SignUpScreen() {
  const { t } = useTranslation();
  return <Page title={t('auth.signUp.title')} description={t('auth.signUp.description')} />;
}
