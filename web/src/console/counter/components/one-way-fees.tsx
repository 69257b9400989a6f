import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import type { ContractForm } from '#web/lib/use-contract-form';
import { SelectField, TextField } from '#web/ui/form-field';
import { PlaceOptions } from '#web/console/components/place-options';
import type { OneWayValues, SettingsValues } from '../lib/settings-form';

/** One-way fees per pair of places (from the pick-up place to the return place); the flat fee covers the others. */
export function OneWayFees({ form }: { form: ContractForm<SettingsValues> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locations = useLocations();
  const pairs = form.values.chargeRules.oneWayFees;
  const change = (next: OneWayValues[]) => form.setValue('chargeRules.oneWayFees', next);
  const field = (index: number, key: keyof OneWayValues, label: string) => {
    const props = form.field(`chargeRules.oneWayFees.${index}.${key}` as never, label);
    return {
      ...props,
      value: pairs[index]?.[key] ?? '',
      onChange: (value: string) => change(pairs.map((pair, at) => (at === index ? { ...pair, [key]: value } : pair))),
    };
  };
  return (
    <fieldset className="counter-later">
      <legend className="counter-subtitle">{t('operatorCounter.rules.pairs')}</legend>
      <p className="form-field__hint">{t('operatorCounter.rules.pairsHint')}</p>
      {pairs.map((_, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place in the list (the schema's path)
          <div key={index} className="form-grid drivers-field__driver">
            <SelectField {...field(index, 'fromLocationId', t('operatorCounter.rules.from', { number }))}>
              <option value="">{t('operatorCounter.rules.choosePlace')}</option>
              <PlaceOptions locations={locations.data ?? []} language={language} />
            </SelectField>
            <SelectField {...field(index, 'toLocationId', t('operatorCounter.rules.to', { number }))}>
              <option value="">{t('operatorCounter.rules.choosePlace')}</option>
              <PlaceOptions locations={locations.data ?? []} language={language} />
            </SelectField>
            <TextField
              {...field(index, 'fee', t('operatorCounter.rules.pairFee', { number }))}
              inputMode="decimal"
              autoComplete="off"
              aside={<span className="op-unit">EUR</span>}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change(pairs.filter((__, at) => at !== index))}
            >
              {t('operatorCounter.rules.removePair', { number })}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => change([...pairs, { fromLocationId: '', toLocationId: '', fee: '' }])}
      >
        {t('operatorCounter.rules.addPair')}
      </button>
    </fieldset>
  );
}
