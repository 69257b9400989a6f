import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import type { ContractForm } from '#web/lib/use-contract-form';
import { SelectField, TextField } from '#web/ui/form-field';
import { PlaceOptions } from '#web/console/components/place-options';
import type { ExtraValues, StockValues } from './lib/extra-form';

/** An extra's stock per place: a row each of a place and how many it rents out at once; none, unlimited. */
export function StockRows({ form }: { form: ContractForm<ExtraValues> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locations = useLocations();
  const rows = form.values.stock;
  const change = (next: StockValues[]) => form.setValue('stock', next);
  const field = (index: number, key: keyof StockValues, label: string) => {
    const props = form.field(`stock.${index}.${key}` as never, label);
    return {
      ...props,
      error: form.errorOf(`stock.${index}.${key}`),
      value: rows[index]?.[key] ?? '',
      onChange: (value: string) => change(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row))),
    };
  };
  return (
    <fieldset className="offer-stock">
      <legend className="op-section__title">{t('operatorOffer.extras.stock')}</legend>
      <p className="form-field__hint">{t('operatorOffer.extras.stockHint')}</p>
      {form.errorOf('stock') ? (
        <p className="form-field__error" role="alert">
          {form.errorOf('stock')}
        </p>
      ) : null}
      {rows.map((_, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list (the schema's path)
          <div key={index} className="form-grid">
            <SelectField {...field(index, 'locationId', t('operatorOffer.extras.stockPlace', { number }))}>
              <option value="">{t('operatorOffer.extras.choosePlace')}</option>
              <PlaceOptions locations={locations.data ?? []} language={language} />
            </SelectField>
            <TextField
              {...field(index, 'quantity', t('operatorOffer.extras.stockQuantity', { number }))}
              inputMode="numeric"
              autoComplete="off"
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change(rows.filter((__, at) => at !== index))}
            >
              {t('operatorOffer.extras.removeStock', { number })}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => change([...rows, { locationId: '', quantity: '1' }])}
      >
        {t('operatorOffer.extras.addStock')}
      </button>
    </fieldset>
  );
}
