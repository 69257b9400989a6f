import type { Extra } from '@roam/contract/price';
import { type ChosenExtras, EXTRAS, extraState } from '@roam/contract/price';
import { useTranslation } from 'react-i18next';
import { useExtraLabel } from './car-facts';
import './extras-toggles.css';

interface ExtrasTogglesProps {
  /** The car's extras (−1 unavailable, 0 included, > 0 a price: spec §3) and its supplier's percentage. */
  car: Record<Extra, number> & { supplier: { priceChangeRate: number } };
  value: ChosenExtras;
  onChange: (next: ChosenExtras) => void;
  disabled?: boolean;
  /** Prices in another currency than the display one (a booking's own, at its rate); EUR minor units in. */
  format?: (amountEUR: number) => string;
}

/** The six extras as switches (spec §2 booking options): included ones are on and fixed, unavailable ones off. */
export function ExtrasToggles({ car, value, onChange, disabled = false, format }: ExtrasTogglesProps) {
  const { t } = useTranslation();
  const label = useExtraLabel(car.supplier.priceChangeRate, format);
  return (
    <fieldset className="extras-toggles">
      <legend className="checkout-section__title">{t('checkout.options.title')}</legend>
      <ul className="extras-toggles__list">
        {EXTRAS.map((extra) => {
          const state = extraState(car[extra]);
          const id = `extra-${extra}`;
          return (
            <li key={extra} className={`extras-toggles__item extras-toggles__item--${state}`}>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className="switch"
                checked={state === 'included' || Boolean(value[extra])}
                aria-checked={state === 'included' || Boolean(value[extra])}
                disabled={disabled || state !== 'priced'}
                aria-describedby={`${id}-price`}
                onChange={(event) => onChange({ ...value, [extra]: event.target.checked })}
              />
              <label htmlFor={id}>{t(`cars.extra.${extra}`)}</label>
              <span id={`${id}-price`} className="extras-toggles__price">
                {label(extra, car[extra])}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
