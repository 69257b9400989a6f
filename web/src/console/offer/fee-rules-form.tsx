import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { feeRulesQuery, updateFeeRules } from './api/fee-rules';
import { CountryPairs } from './country-pairs';
import { type BandValues, type FeeRulesValues, feeRulesBody, feeRulesSchema } from './lib/fee-rules-form';

// The business's fees by rule (docs/architecture.md §5 "Fees by rule"): young-driver bands and the senior band, each
// a fee per day; one-way rentals refused, or priced per pair of countries (the pairs of places and the flat fee are
// the counter's charge rules, linked). One form, sent whole, refused at its fields.

const Euro = () => <span className="op-unit">EUR</span>;

type FeeRulesFormProps = { supplierId: string; initialValues: FeeRulesValues; admin: boolean };

export function FeeRulesForm({ supplierId, initialValues, admin }: FeeRulesFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm({
    initialValues,
    schema: feeRulesSchema,
    input: (values) => feeRulesBody(values, supplierId),
    onSubmit: async (body) => {
      const saved = await updateFeeRules(body);
      queryClient.setQueryData(feeRulesQuery(supplierId).queryKey, saved);
      toast.success(t('operatorOffer.fees.saved'));
    },
    onError: () => t('operatorOffer.common.saveError'),
  });
  const bands = form.values.youngDriver;
  const change = (next: readonly BandValues[]) => form.setValue('youngDriver', next);
  const band = (index: number, key: keyof BandValues, label: string) => ({
    ...form.field(`youngDriver.${index}.${key}` as never, label),
    value: bands[index]?.[key] ?? '',
    onChange: (value: string) => change(bands.map((row, at) => (at === index ? { ...row, [key]: value } : row))),
  });
  return (
    <form className="offer-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <fieldset className="offer-names">
        <legend>{t('operatorOffer.fees.young')}</legend>
        <p className="form-field__hint">{t('operatorOffer.fees.youngHint')}</p>
        {bands.map((_, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band is its place in the list (the schema's path)
            <div key={index} className="form-grid offer-fee-row">
              <TextField {...band(index, 'fromAge', t('operatorOffer.fees.fromAge', { number }))} inputMode="numeric" />
              <TextField {...band(index, 'toAge', t('operatorOffer.fees.toAge', { number }))} inputMode="numeric" />
              <TextField
                {...band(index, 'dailyFee', t('operatorOffer.fees.dailyFee', { number }))}
                inputMode="decimal"
                autoComplete="off"
                inputClassName="offer-amount"
                aside={<Euro />}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => change(bands.filter((__, at) => at !== index))}
              >
                {t('operatorOffer.fees.removeBand', { number })}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => change([...bands, { fromAge: '', toAge: '', dailyFee: '' }])}
        >
          {t('operatorOffer.fees.addBand')}
        </button>
      </fieldset>
      <fieldset className="offer-names">
        <legend>{t('operatorOffer.fees.seniorTitle')}</legend>
        <CheckboxField {...form.field('senior', t('operatorOffer.fees.senior'))} />
        {form.values.senior ? (
          <div className="form-grid">
            <TextField
              {...form.field('seniorDriver.fromAge', t('operatorOffer.fees.seniorFromAge'))}
              inputMode="numeric"
            />
            <TextField
              {...form.field('seniorDriver.dailyFee', t('operatorOffer.fees.seniorDailyFee'))}
              inputMode="decimal"
              autoComplete="off"
              inputClassName="offer-amount"
              aside={<Euro />}
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="offer-names">
        <legend>{t('operatorOffer.fees.oneWay')}</legend>
        <CheckboxField
          {...form.field('oneWayRefused', t('operatorOffer.fees.oneWayRefused'))}
          description={t('operatorOffer.fees.oneWayRefusedHint')}
        />
        <p>
          {t('operatorOffer.fees.placesPairs')}{' '}
          <Link to={`/operator/counter-settings${admin ? `?supplier=${supplierId}` : ''}`}>
            {t('operatorOffer.fees.placesPairsLink')}
          </Link>
        </p>
      </fieldset>
      {form.values.oneWayRefused ? null : <CountryPairs form={form} />}
      <div className="offer-form__actions">
        <button type="submit" className="button button--accent" disabled={form.pending}>
          {t('operatorOffer.fees.save')}
        </button>
      </div>
    </form>
  );
}
