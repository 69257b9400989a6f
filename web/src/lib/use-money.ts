import { BASE_CURRENCY } from '@roam/contract/currencies';
import { convertMinor, formatMinor, wholeUnitsUp } from '@roam/contract/money';
import { rateFor } from '@roam/contract/rates-snapshot';
import { useLanguage } from '#web/i18n';
import { useCurrency } from './currency';
import { useCurrencyRates } from './currency-rates';

// The one way a screen shows an amount: base-currency minor units in, the display currency and language out
// (spec §9, docs/architecture.md §5). Rates come from the server (`GET /api/currency-rates`), the bundled snapshot until
// they arrive or when the call fails. Re-renders when the currency, the language or the rates change.

export type Money = {
  currency: string;
  /** Converts base-currency (EUR) minor units to display-currency minor units. */
  convert(amountMinorBase: number): number;
  /** Formats base-currency (EUR) minor units in the display currency and the interface language. */
  format(amountMinorBase: number): string;
  /** Formats minor units already in the display currency (a line of `priceIn`). */
  formatConverted(amountMinor: number): string;
  /** Formats a 'from' price (base-currency minor units): whole units of the display currency, rounded up. */
  formatFrom(amountMinorBase: number): string;
};

export function useMoney(): Money {
  const currency = useCurrency();
  const language = useLanguage();
  const rates = useCurrencyRates(currency !== BASE_CURRENCY);
  const rate = currency === BASE_CURRENCY ? 1 : rateFor(rates, currency);
  const convert = (amount: number) => convertMinor(amount, rate, currency);
  const formatConverted = (amount: number) => formatMinor(amount, currency, language);
  return {
    currency,
    convert,
    format: (amount) => formatConverted(convert(amount)),
    formatConverted,
    formatFrom: (amount) => formatConverted(wholeUnitsUp(convert(amount), currency)),
  };
}
