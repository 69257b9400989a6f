import {
  CATALOGUE_EXTRA_CHARGES,
  type CatalogueExtra,
  type CatalogueExtraCharge,
} from '@roam/contract/catalogue-extras';
import { LANGUAGES } from '@roam/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { createCatalogueExtra, updateCatalogueExtra } from './api/catalogue-extras';
import { emptyExtraValues, extraBody, extraValues } from './lib/extra-form';
import { CarScope, RangeScope } from './scope-picker';
import { StockRows } from './stock-rows';

type CatalogueExtraFormProps = {
  /** The extra edited; null: a new one. */
  extra: CatalogueExtra | null;
  /** The business of a new extra (the admin's choice; a member's own: ''). */
  supplierId: string;
  onDone: () => void;
};

const Euro = () => <span className="op-unit">EUR</span>;

/** A catalogue extra's form (new or edited): the contract's schema first, then the server's refusals at the fields. */
export function CatalogueExtraForm({ extra, supplierId, onDone }: CatalogueExtraFormProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const business = extra?.supplierId ?? supplierId;
  const form = useContractForm({
    initialValues: extra
      ? extraValues(extra, (amount) => formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 }))
      : emptyExtraValues(),
    schema: () => import('@roam/contract/catalogue-extras.schema').then((m) => m.CatalogueExtraFieldsSchema),
    input: extraBody,
    onSubmit: async (body) => {
      const saved = extra
        ? await updateCatalogueExtra(extra._id, body)
        : await createCatalogueExtra({ ...body, ...(supplierId && { supplierId }) });
      await queryClient.invalidateQueries({ queryKey: ['catalogue-extras'] });
      toast.success(t('operatorOffer.extras.saved', { name: saved.names.en }));
      onDone();
    },
    onError: () => t('operatorOffer.common.saveError'),
  });
  const title = extra ? t('operatorOffer.extras.editTitle', { name: extra.names.en }) : t('operatorOffer.extras.new');
  return (
    <section className="op-section" aria-label={title}>
      <h2 className="op-section__title">{title}</h2>
      <form className="offer-form" {...form.formProps}>
        <FormMessage>{form.message}</FormMessage>
        <fieldset className="form-grid offer-names">
          <legend>{t('operatorOffer.extras.names')}</legend>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              {...form.field(`names.${language}`, t(`operatorAdmin.languages.${language}`))}
              lang={language === 'se' ? 'sv' : language}
              maxLength={80}
              required
            />
          ))}
        </fieldset>
        <ChoiceGroup<CatalogueExtraCharge>
          {...form.field('charge', t('operatorOffer.extras.charge'))}
          options={CATALOGUE_EXTRA_CHARGES.map((charge) => ({
            value: charge,
            label: t(`operatorOffer.extras.charges.${charge}`),
          }))}
        />
        <div className="form-grid">
          <TextField
            {...form.field('price', t('operatorOffer.extras.price'))}
            description={t('operatorOffer.extras.priceHint')}
            inputMode="decimal"
            autoComplete="off"
            required
            inputClassName="offer-amount"
            aside={<Euro />}
          />
          {form.values.charge === 'perDay' ? (
            <TextField
              {...form.field('maxPerRental', t('operatorOffer.extras.maxPerRental'))}
              description={t('operatorOffer.extras.maxPerRentalHint')}
              inputMode="decimal"
              autoComplete="off"
              inputClassName="offer-amount"
              aside={<Euro />}
            />
          ) : null}
          <TextField
            {...form.field('maxQuantity', t('operatorOffer.extras.maxQuantity'))}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <CheckboxField {...form.field('mandatory', t('operatorOffer.extras.mandatory'))} />
        <RangeScope {...form.field('ranges', t('operatorOffer.common.ranges'))} />
        <CarScope {...form.field('carIds', t('operatorOffer.common.cars'))} business={business} />
        <StockRows form={form} />
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
