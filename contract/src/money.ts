import { BASE_CURRENCY } from './currencies.ts';
import { type Language, LOCALE_TAGS } from './languages.ts';

// Money rules: docs/architecture.md §5 "Money", spec §9. Amounts are stored as integer minor units.

/**
 * The largest amount a booking stores, in any currency's minor units: its money columns are 32-bit integers. A
 * booking whose total in its currency is larger (a dear car for months, in a currency of many units to the euro) is
 * refused with 400, never a 500 (second audit, item 10).
 */
export const MAX_STORED_AMOUNT = 2_147_483_647;

const digitsCache = new Map<string, number>();

/** ISO 4217 minor-unit exponent as Intl knows it: JPY 0, EUR 2, KWD 3. */
export function minorUnitDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * Rounds half up to an integer. The 15-significant-digit pass first absorbs binary noise, so
 * 1.005 × 100 (= 100.49999999999999) counts as the 100.5 it means.
 */
export function roundHalfUp(value: number): number {
  return Math.floor(Number(value.toPrecision(15)) + 0.5);
}

export function toMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorUnitDigits(currency);
}

export function toMinor(amountMajor: number, currency: string): number {
  return roundHalfUp(amountMajor * 10 ** minorUnitDigits(currency));
}

/**
 * A 'from' price as shown: rounded up to a whole unit of its currency, so every 'from' reads alike ("From 32 €"
 * beside "From 19 €", not "From 31.69 €") and none is below what the cheapest vehicle costs.
 */
export function wholeUnitsUp(amountMinor: number, currency: string): number {
  const scale = 10 ** minorUnitDigits(currency);
  return Math.ceil(amountMinor / scale) * scale;
}

/** EUR minor units → target minor units; `rate` is units of the target per 1 EUR. */
export function convertMinor(amountMinorEUR: number, rate: number, toCurrency: string): number {
  const exponent = minorUnitDigits(toCurrency) - minorUnitDigits(BASE_CURRENCY);
  return roundHalfUp(amountMinorEUR * rate * 10 ** exponent);
}

// Spec §9 fixes the separators per language instead of following each locale's own habits
// (fr groups with a narrow no-break space, es leaves 4-digit amounts ungrouped).
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: ' ', decimal: ',' },
  es: { group: ' ', decimal: ',' },
  se: { group: ' ', decimal: ',' },
  de: { group: ' ', decimal: ',' },
};
const SYMBOLS_BEFORE = new Set(['$', '£']);

const symbolCache = new Map<string, string>();

function currencySymbol(currency: string, language: Language): string {
  const key = `${language}:${currency}`;
  let symbol = symbolCache.get(key);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(LOCALE_TAGS[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    symbolCache.set(key, symbol);
  }
  return symbol;
}

/** `en, USD 1234.5 → $1,234.50`; `fr, EUR 1234 → 1 234 €`; `de, EUR 1234.5 → 1 234,50 €`. */
export function formatMoney(amountMajor: number, currency: string, language: Language): string {
  return formatMinor(toMinor(amountMajor, currency), currency, language);
}

export function formatMinor(amountMinor: number, currency: string, language: Language): string {
  const digits = minorUnitDigits(currency);
  const { group, decimal } = SEPARATORS[language];
  const minor = Math.abs(Math.round(amountMinor));
  const scale = 10 ** digits;
  const whole = String(Math.floor(minor / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = minor % scale;
  // Decimals only when the amount is not whole (spec §9).
  const number = fraction === 0 ? whole : `${whole}${decimal}${String(fraction).padStart(digits, '0')}`;
  const sign = amountMinor < 0 && minor !== 0 ? '-' : '';
  const symbol = currencySymbol(currency, language);
  return SYMBOLS_BEFORE.has(symbol) ? `${sign}${symbol}${number}` : `${sign}${number} ${symbol}`;
}
