import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Change password (spec §2). */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  return <Page title={t('account.changePassword.title')} description={t('account.changePassword.description')} />;
}
