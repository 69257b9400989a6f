import { BASE_CURRENCY } from '@roam/contract/currencies';
import { formatMinor } from '@roam/contract/money';
import { EXTRAS, type Extra, FLAT_EXTRAS, withPriceChange } from '@roam/contract/price';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import type { ContractForm } from '#web/lib/use-contract-form';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { type CarFormValues, type ExtraChoice, extraValue } from '#web/console/lib/car-form';
import { MoneyField } from './money-field';

const FLAT: ReadonlySet<Extra> = new Set(FLAT_EXTRAS);

/**
 * The six extras of spec §3, each unavailable, included, or at a price; beside a price, what a driver pays for it:
 * the supplier's percentage included (`withPriceChange`, the price engine's own rounding), once or per rental day,
 * as the car cards and checkout label it (docs/architecture.md §5).
 */
export function ExtrasFields({
  form,
  priceChangeRate,
}: {
  form: ContractForm<CarFormValues>;
  priceChangeRate: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const choices: { value: ExtraChoice; label: string }[] = [
    { value: 'unavailable', label: t('cars.extraState.unavailable') },
    { value: 'included', label: t('cars.extraState.included') },
    { value: 'priced', label: t('operatorCars.extras.priced') },
  ];
  return (
    <fieldset className="op-section">
      <legend className="op-section__title">{t('cars.extrasTitle')}</legend>
      <p className="op-section__hint">{t('operatorCars.hints.extras', { rate: priceChangeRate })}</p>
      <div className="op-extras">
        {EXTRAS.map((extra) => {
          const choice = form.values.extraChoices[extra];
          const value = extraValue(form.values, extra);
          const customer =
            value > 0 ? formatMinor(withPriceChange(value, priceChangeRate), BASE_CURRENCY, language) : null;
          return (
            <ChoiceGroup
              key={extra}
              className="op-extra"
              label={t(`cars.extra.${extra}`)}
              name={extra}
              value={choice}
              options={choices}
              onChange={(next) => form.setValue(`extraChoices.${extra}`, next)}
            >
              {choice === 'priced' ? (
                <MoneyField
                  field={form.field(extra, t('operatorCars.extras.price', { extra: t(`cars.extra.${extra}`) }))}
                  className="op-inline-field"
                  description={
                    <output className="op-extra__customer" aria-live="polite">
                      {customer
                        ? t('operatorCars.extras.customerPrice', {
                            price: t(FLAT.has(extra) ? 'cars.extraState.flat' : 'cars.extraState.daily', {
                              price: customer,
                            }),
                          })
                        : t('operatorCars.extras.customerPending')}
                    </output>
                  }
                />
              ) : null}
            </ChoiceGroup>
          );
        })}
      </div>
    </fieldset>
  );
}
