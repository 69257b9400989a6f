import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useSession } from '#web/lib/session';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { SupplierParam } from '#web/console/components/supplier-select';
import { accessQueryOptions } from '#web/console/team/api/team';
import '#web/console/components/admin.css';
import { useFeeRules } from './api/fee-rules';
import { FeeRulesForm } from './fee-rules-form';
import { feeRulesValues } from './lib/fee-rules-form';
import { OFFER_TRANSLATORS } from './offer-messages';
import './offer.css';

/**
 * The business's fees by rule (`/operator/fees`, docs/architecture.md §5 "Fees by rule"): young-driver bands, the
 * senior band, one-way rentals refused or priced per pair of countries. Its owner (or a member who may change the
 * business) edits them; the admin chooses the business (`?supplier=`).
 */
export function FeeRulesScreen() {
  const { t } = useTranslation();
  useMessageTranslators(OFFER_TRANSLATORS);
  const formats = useFormats();
  const user = useSession().user;
  const admin = user?.type === 'admin';
  const access = useQuery({ ...accessQueryOptions, enabled: !admin });
  const [params] = useSearchParams();
  // A member acts for their business (known once `my-access` answers); a business account is its own.
  const own = access.isPending ? '' : (access.data?.businessId ?? user?._id ?? '');
  const supplierId = admin ? (params.get('supplier') ?? '') : own;
  const rules = useFeeRules(supplierId);
  const format = (amount: number) => formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 });
  return (
    <Page title={t('operatorOffer.fees.title')} description={t('operatorOffer.fees.description')}>
      {admin ? (
        <SupplierParam label={t('operatorOffer.common.supplier')} empty={t('operatorOffer.common.chooseSupplier')} />
      ) : null}
      {supplierId === '' ? null : rules.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorOffer.common.error')}
        </p>
      ) : rules.data ? (
        <FeeRulesForm
          key={supplierId}
          supplierId={supplierId}
          admin={admin}
          initialValues={feeRulesValues(rules.data, format)}
        />
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}
