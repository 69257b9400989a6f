import { convertMinor, formatMinor } from '@roam/contract/money';
import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { useLanguage } from '../i18n';
import { useCurrency } from './currency';

// The one way a screen shows an amount: base-currency minor units in, the display currency and language out
// (spec §9, ARCHITECTURE §5). Rates: the bundled snapshot until issue #7 serves live rates from the server.

export type Money = {
  currency: string;
  /** Converts base-currency (EUR) minor units to display-currency minor units. */
  convert(amountMinorBase: number): number;
  /** Formats base-currency (EUR) minor units in the display currency and the interface language. */
  format(amountMinorBase: number): string;
};

export function useMoney(): Money {
  const currency = useCurrency();
  const language = useLanguage();
  const rate = RATES_SNAPSHOT.rates[currency] ?? 1;
  const convert = (amount: number) => convertMinor(amount, rate, currency);
  return { currency, convert, format: (amount) => formatMinor(convert(amount), currency, language) };
}
