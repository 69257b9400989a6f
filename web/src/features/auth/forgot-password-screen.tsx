import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Asks for a password-reset e-mail (spec §2). */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  return <Page title={t('auth.forgotPassword.title')} description={t('auth.forgotPassword.description')} />;
}
