import type { Location } from '@roam/contract/locations';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import type { ContractForm } from '#web/lib/use-contract-form';
import { SelectField, TextField } from '#web/ui/form-field';
import type { FeeRulesValues, PairValues } from './lib/fee-rules-form';

/** The countries of the places, each once, in the interface language's order. */
function countriesOf(locations: readonly Location[], language: string): { id: string; name: string }[] {
  const names = new Map(locations.map((place) => [place.countryId, place.countryName]));
  const collator = new Intl.Collator(language);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * One-way fees per pair of countries (from the pick-up place's country to the return place's): after the counter's
 * pairs of places, before its flat fee (docs/architecture.md §5 "Fees by rule").
 */
export function CountryPairs({ form }: { form: ContractForm<FeeRulesValues> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = countriesOf(useLocations().data ?? [], localeTag(language));
  const pairs = form.values.countryPairs;
  const change = (next: readonly PairValues[]) => form.setValue('countryPairs', next);
  const field = (index: number, key: keyof PairValues, label: string) => ({
    ...form.field(`countryPairs.${index}.${key}` as never, label),
    value: pairs[index]?.[key] ?? '',
    onChange: (value: string) => change(pairs.map((pair, at) => (at === index ? { ...pair, [key]: value } : pair))),
  });
  const options = (
    <>
      <option value="">{t('operatorOffer.fees.chooseCountry')}</option>
      {countries.map((country) => (
        <option key={country.id} value={country.id}>
          {country.name}
        </option>
      ))}
    </>
  );
  return (
    <fieldset className="offer-names">
      <legend>{t('operatorOffer.fees.countryPairs')}</legend>
      <p className="form-field__hint">{t('operatorOffer.fees.countryPairsHint')}</p>
      {pairs.map((_, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place in the list (the schema's path)
          <div key={index} className="form-grid offer-fee-row">
            <SelectField {...field(index, 'fromCountryId', t('operatorOffer.fees.fromCountry', { number }))}>
              {options}
            </SelectField>
            <SelectField {...field(index, 'toCountryId', t('operatorOffer.fees.toCountry', { number }))}>
              {options}
            </SelectField>
            <TextField
              {...field(index, 'fee', t('operatorOffer.fees.pairFee', { number }))}
              inputMode="decimal"
              autoComplete="off"
              inputClassName="offer-amount"
              aside={<span className="op-unit">EUR</span>}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change(pairs.filter((__, at) => at !== index))}
            >
              {t('operatorOffer.fees.removePair', { number })}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => change([...pairs, { fromCountryId: '', toCountryId: '', fee: '' }])}
      >
        {t('operatorOffer.fees.addPair')}
      </button>
    </fieldset>
  );
}
