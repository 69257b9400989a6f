import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { feeRulesQuery, updateFeeRules } from '../api/fee-rules';
import { refusalText } from '../lib/counter-messages';
import { type BandValues, type FeeRulesValues, feeRulesBody, feeRulesSchema } from '../lib/fee-rules-form';

// The business's fees by rule (docs/architecture.md §5 "Fees by rule"): young-driver bands and the senior band, each
// a fee per day, and whether one-way rentals are refused. One form, sent whole, refused at its fields.

const Euro = () => <span className="op-unit">EUR</span>;

export function FeeRulesForm({ supplierId, initialValues }: { supplierId: string; initialValues: FeeRulesValues }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm({
    initialValues,
    schema: feeRulesSchema,
    input: (values) => feeRulesBody(values, supplierId),
    onSubmit: async (body) => {
      const saved = await updateFeeRules(body);
      queryClient.setQueryData(feeRulesQuery(supplierId).queryKey, saved);
      toast.success(t('operatorCounter.fees.saved'));
    },
    onError: (error) => refusalText(t, error),
  });
  const bands = form.values.youngDriver;
  const change = (next: readonly BandValues[]) => form.setValue('youngDriver', next);
  const band = (index: number, key: keyof BandValues, label: string) => ({
    ...form.field(`youngDriver.${index}.${key}` as never, label),
    value: bands[index]?.[key] ?? '',
    onChange: (value: string) => change(bands.map((row, at) => (at === index ? { ...row, [key]: value } : row))),
  });
  return (
    <form className="counter-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <section className="op-section" aria-labelledby="fees-drivers">
        <h2 id="fees-drivers" className="op-section__title">
          {t('operatorCounter.fees.title')}
        </h2>
        <p className="op-section__hint">{t('operatorCounter.fees.hint')}</p>
        {bands.map((_, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band is its place in the list (the schema's path)
            <div key={index} className="form-grid drivers-field__driver">
              <TextField
                {...band(index, 'fromAge', t('operatorCounter.fees.fromAge', { number }))}
                inputMode="numeric"
              />
              <TextField {...band(index, 'toAge', t('operatorCounter.fees.toAge', { number }))} inputMode="numeric" />
              <TextField
                {...band(index, 'dailyFee', t('operatorCounter.fees.dailyFee', { number }))}
                inputMode="decimal"
                autoComplete="off"
                aside={<Euro />}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => change(bands.filter((__, at) => at !== index))}
              >
                {t('operatorCounter.fees.removeBand', { number })}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => change([...bands, { fromAge: '', toAge: '', dailyFee: '' }])}
        >
          {t('operatorCounter.fees.addBand')}
        </button>
        <CheckboxField {...form.field('senior', t('operatorCounter.fees.senior'))} />
        {form.values.senior ? (
          <div className="form-grid">
            <TextField
              {...form.field('seniorDriver.fromAge', t('operatorCounter.fees.seniorFromAge'))}
              inputMode="numeric"
            />
            <TextField
              {...form.field('seniorDriver.dailyFee', t('operatorCounter.fees.seniorDailyFee'))}
              inputMode="decimal"
              autoComplete="off"
              aside={<Euro />}
            />
          </div>
        ) : null}
        <CheckboxField
          {...form.field('oneWayRefused', t('operatorCounter.fees.oneWayRefused'))}
          description={t('operatorCounter.fees.oneWayHint')}
        />
      </section>
      <button type="submit" className="button button--accent counter-submit" disabled={form.pending}>
        {t('operatorCounter.fees.save')}
      </button>
    </form>
  );
}
