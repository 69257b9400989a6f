import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Sets a new password from the reset link (spec §2). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  return <Page title={t('auth.resetPassword.title')} description={t('auth.resetPassword.description')} />;
}
