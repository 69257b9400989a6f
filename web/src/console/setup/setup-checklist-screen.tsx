import { useTranslation } from 'react-i18next';
import { Page } from '#web/ui/page';
import { SetupChecklist } from './setup-checklist';

/** `/operator/setup`: the admin's checklist from an empty site to the first booking. */
export function SetupChecklistScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('operatorSetup.title')} description={t('operatorSetup.description')}>
      <SetupChecklist />
    </Page>
  );
}
