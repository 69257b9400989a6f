import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { SupplierParam } from '#web/console/components/supplier-select';
import { useCounterSettings } from './api/counter-settings';
import { useFeeRules } from './api/fee-rules';
import { FeeRulesForm } from './components/fee-rules-form';
import { SettingsForm } from './components/settings-form';
import { feeRulesValues } from './lib/fee-rules-form';
import { settingsValues } from './lib/settings-form';
import './counter.css';

/**
 * The supplier's counter settings (`/operator/counter-settings`, docs/api.md "The counter"): the checklist, the
 * agreement's own terms in the five languages, the check-out window, the no-show rule, the charge rules and the fees
 * by rule (young and senior drivers, one-way rentals refused). A supplier
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
  const fees = useFeeRules(supplierId);
  const format = (amount: number) => formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 });
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
            initialValues={settingsValues(settings.data, format)}
          />
        ) : (
          <PageLoading />
        )}
        {/* The business's fees by rule beside its charge rules: the one-way fees are shared (docs/architecture.md). */}
        {supplierId !== '' && fees.data ? (
          <FeeRulesForm key={supplierId} supplierId={supplierId} initialValues={feeRulesValues(fees.data, format)} />
        ) : null}
      </div>
    </Page>
  );
}
