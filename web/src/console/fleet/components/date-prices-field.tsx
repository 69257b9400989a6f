import { useTranslation } from 'react-i18next';
import type { ContractForm, FieldPath } from '#web/lib/use-contract-form';
import { CheckboxField, TextField } from '#web/ui/form-field';
import type { CarFormValues, PeriodValues } from '#web/console/lib/car-form';
import { MoneyField } from './money-field';

/**
 * Date-based prices (spec §3): periods, each a first and a last day and the daily price of every rental day in it.
 * Periods may not overlap: the form says so at the later period's start date, as the server does.
 */
export function DatePricesField({ form }: { form: ContractForm<CarFormValues> }) {
  const { t } = useTranslation();
  const periods = form.values.dateBasedPrices;
  const setPeriods = (next: readonly PeriodValues[]) => form.setValue('dateBasedPrices', next);
  /** A period's field: its value and error, under its own name (`dateBasedPrices.1.startDate`). */
  const rowField = (index: number, key: keyof PeriodValues, label: string) => {
    const props = form.field(`dateBasedPrices.${index}.${key}` as FieldPath<CarFormValues>, label);
    return {
      ...props,
      value: String(props.value ?? ''),
      onChange: (value: string) => setPeriods(periods.map((p, i) => (i === index ? { ...p, [key]: value } : p))),
    };
  };
  const periodError = form.errorOf('dateBasedPrices');
  return (
    <fieldset className="op-section">
      <legend className="op-section__title">{t('operatorCars.sections.datePrices')}</legend>
      <CheckboxField
        {...form.field('isDateBasedPrice', t('operatorCars.fields.isDateBasedPrice'))}
        description={t('operatorCars.hints.datePrices')}
      />
      {periods.length > 0 ? (
        <ol className="op-periods">
          {periods.map((_, index) => {
            const position = { number: index + 1 };
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a period is its place in the list (its fields' names).
              <li key={index} className="op-periods__row">
                <TextField
                  {...rowField(index, 'startDate', t('operatorCars.periods.start', position))}
                  type="date"
                  required
                />
                <TextField
                  {...rowField(index, 'endDate', t('operatorCars.periods.end', position))}
                  type="date"
                  required
                />
                <MoneyField field={rowField(index, 'dailyPrice', t('operatorCars.periods.dailyPrice', position))} />
                <button
                  type="button"
                  className="button button--secondary op-periods__remove"
                  onClick={() => setPeriods(periods.filter((_, i) => i !== index))}
                >
                  {t('operatorCars.periods.remove', position)}
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {periodError ? (
        <p className="field-error" data-form-error tabIndex={-1}>
          {periodError}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setPeriods([...periods, { startDate: '', endDate: '', dailyPrice: '' }])}
        >
          {t('operatorCars.periods.add')}
        </button>
      </p>
    </fieldset>
  );
}
