import type { PromoCode, PromoKind } from '@roam/contract/promo-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { type ContractSchema, useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { SupplierSelect } from '#web/console/components/supplier-select';
import { createPromoCode, updatePromoCode } from './api/promo-codes';
import { emptyPromoValues, promoBody, promoValues } from './lib/promo-form';
import { CarScope, PlaceScope, RangeScope } from './scope-picker';

type PromoCodeFormProps = {
  /** The code edited; null: a new one. */
  code: PromoCode | null;
  admin: boolean;
  /** The business the screen shows ('' the admin's every business). */
  supplierId: string;
  onDone: () => void;
};

/** A promo code's form (new or edited): checked by the contract's schema, then the server's refusals at the fields. */
export function PromoCodeForm({ code, admin, supplierId, onDone }: PromoCodeFormProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const business = code ? (code.supplierId ?? '') : supplierId;
  const isNew = code === null;
  const form = useContractForm({
    initialValues: code
      ? promoValues(code, (amount) => formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 }))
      : emptyPromoValues(supplierId),
    schema: () =>
      import('@roam/contract/promo-codes.schema').then(
        (m): ContractSchema<object> => (isNew ? m.CreatePromoCodeBodySchema : m.UpdatePromoCodeBodySchema),
      ),
    input: (values) => ({ ...promoBody(values, { admin, isNew }), ...(code && { _id: code._id }) }),
    onSubmit: async (body) => {
      const saved = code ? await updatePromoCode(body as never) : await createPromoCode(body as never);
      await queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
      toast.success(t('operatorOffer.promo.saved', { code: saved.code }));
      onDone();
    },
    onError: () => t('operatorOffer.common.saveError'),
  });
  const number = (key: 'minimumDays' | 'usageLimit' | 'perCustomerLimit', label: string, hint: string) => (
    <TextField {...form.field(key, label)} description={hint} inputMode="numeric" autoComplete="off" />
  );
  const title = code ? t('operatorOffer.promo.editTitle', { code: code.code }) : t('operatorOffer.promo.new');
  return (
    <section className="op-section" aria-label={title}>
      <h2 className="op-section__title">{title}</h2>
      <form className="offer-form" {...form.formProps}>
        <FormMessage>{form.message}</FormMessage>
        {admin && isNew ? (
          <SupplierSelect
            {...form.field('supplierId', t('operatorOffer.promo.owner'))}
            empty={t('operatorOffer.promo.forEvery')}
          />
        ) : null}
        <div className="form-grid">
          <TextField
            {...form.field('code', t('operatorOffer.promo.code'))}
            description={t('operatorOffer.promo.codeHint')}
            autoComplete="off"
            maxLength={32}
            required
          />
        </div>
        <ChoiceGroup<PromoKind>
          {...form.field('kind', t('operatorOffer.promo.kind'))}
          options={(['percent', 'amount'] as const).map((kind) => ({
            value: kind,
            label: t(`operatorOffer.promo.kinds.${kind}`),
          }))}
        >
          <TextField
            {...form.field(
              'value',
              form.values.kind === 'percent' ? t('operatorOffer.promo.percent') : t('operatorOffer.promo.amount'),
            )}
            inputMode={form.values.kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            inputClassName="offer-amount"
            aside={<span className="op-unit">{form.values.kind === 'percent' ? '%' : 'EUR'}</span>}
          />
        </ChoiceGroup>
        <div className="form-grid">
          <TextField {...form.field('validFrom', t('operatorOffer.promo.validFrom'))} type="date" />
          <TextField {...form.field('validUntil', t('operatorOffer.promo.validUntil'))} type="date" />
          {number('minimumDays', t('operatorOffer.promo.minimumDays'), t('operatorOffer.promo.minimumDaysHint'))}
          {number('usageLimit', t('operatorOffer.promo.usageLimit'), t('operatorOffer.promo.limitHint'))}
          {number('perCustomerLimit', t('operatorOffer.promo.perCustomerLimit'), t('operatorOffer.promo.limitHint'))}
        </div>
        <PlaceScope {...form.field('placeIds', t('operatorOffer.common.places'))} />
        <RangeScope {...form.field('ranges', t('operatorOffer.common.ranges'))} />
        <CarScope {...form.field('carIds', t('operatorOffer.common.cars'))} business={business} />
        <CheckboxField {...form.field('firstBookingOnly', t('operatorOffer.promo.firstBookingOnly'))} />
        <CheckboxField
          {...form.field('active', t('operatorOffer.promo.active'))}
          description={t('operatorOffer.promo.activeHint')}
        />
        <div className="offer-form__actions">
          <button type="submit" className="button button--accent" disabled={form.pending}>
            {t('operatorOffer.common.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('operatorOffer.common.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
