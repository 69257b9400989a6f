import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { SupplierParam } from '#web/console/components/supplier-select';
import { useCounterSettings } from './api/counter-settings';
import { SettingsForm } from './components/settings-form';
import { settingsValues } from './lib/settings-form';
import './counter.css';

/**
 * The supplier's counter settings (`/operator/counter-settings`, docs/api.md "The counter"): the checklist, the
 * agreement's own terms in the five languages, the check-out window, the no-show rule and the charge rules. A supplier
 * edits its own; the admin chooses the supplier (`?supplier=`).
 */
export function CounterSettingsScreen() {
  const { t } = useTranslation();
  const formats = useFormats();
  const user = useSession().user;
  const admin = user?.type === 'admin';
  const [params] = useSearchParams();
  const supplierId = admin ? (params.get('supplier') ?? '') : (user?._id ?? '');
  const settings = useCounterSettings(supplierId);
  return (
    <Page title={t('operatorCounter.settings.title')} description={t('operatorCounter.settings.description')}>
      <div className="counter">
        {admin ? (
          <SupplierParam
            label={t('operatorCounter.settings.supplier')}
            empty={t('operatorCounter.settings.chooseSupplier')}
          />
        ) : null}
        {supplierId === '' ? null : settings.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorCounter.errors.load')}
          </p>
        ) : settings.data ? (
          <SettingsForm
            key={supplierId}
            supplierId={supplierId}
            initialValues={settingsValues(settings.data, (amount) =>
              formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 }),
            )}
          />
        ) : (
          <PageLoading />
        )}
      </div>
    </Page>
  );
}
