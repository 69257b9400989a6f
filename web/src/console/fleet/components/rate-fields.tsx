import { PRICE_RATES } from '@roam/contract/price';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from '#web/lib/use-contract-form';
import type { CarFormValues } from '#web/console/lib/car-form';
import { MoneyField } from './money-field';

/**
 * The five rates of spec §3, each with its discounted variant (used instead when set). Only the daily rate is
 * required; an unset rate falls through to the next smaller one (docs/architecture.md §5 Price).
 */
export function RateFields({ form }: { form: ContractForm<CarFormValues> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="op-section">
      <legend className="op-section__title">{t('operatorCars.sections.rates')}</legend>
      <p className="op-section__hint">{t('operatorCars.hints.rates')}</p>
      <div className="op-rates">
        {PRICE_RATES.map(([rate, discounted]) => (
          <div key={rate} className="op-rates__row">
            <MoneyField field={form.field(rate, t(`operatorCars.rates.${rate}`))} />
            <MoneyField field={form.field(discounted, t(`operatorCars.rates.${discounted}`))} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
