import type { z } from 'zod';
import type { ConversionSchema, ConvertQuerySchema, RatesSchema } from './currencies.schema.ts';
import { type Language, LOCALE_TAGS } from './languages.ts';

// Currencies (spec §5, §9): the base currency every price is stored in, the display currencies a driver chooses from,
// and their names. Their schemas are in currencies.schema.ts.

/**
 * The largest amount one conversion takes, in major units: a trillion, whose value in the currency with the most
 * units to the euro still is a finite number (1e308 EUR in VND was Infinity, a 500; second audit, item 16).
 */
export const MAX_CONVERSION_AMOUNT = 1e12;

/** Every stored price is in this currency (docs/architecture.md §3 `BASE_CURRENCY`, §5 "Money"). */
export const BASE_CURRENCY = 'EUR';

/**
 * Display currencies (spec §5, §9: "about 140"): the active, tradable ISO 4217 codes. Left out on
 * purpose: metals, fund and test codes (XAU, XDR, XSU, XTS, CLF, USN…), withdrawn or replaced codes
 * (HRK, CUC, SLL, ANG, ZWL) and ones no rate provider quotes reliably (KPW, SVC, ZWG, XCG).
 */
// biome-ignore format: a compact table reads better than one code per line
export const CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD',
  'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SYP', 'SZL', 'THB', 'TJS',
  'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST',
  'XAF', 'XCD', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW',
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

const SUPPORTED: ReadonlySet<string> = new Set(CURRENCIES);

export function isCurrencyCode(code: string): code is CurrencyCode {
  return SUPPORTED.has(code);
}

/** Why a code is refused, or null when it is supported — the two spec §8 currency errors. */
export function currencyError(code: string): 'invalid' | 'unsupported' | null {
  if (!/^[A-Z]{3}$/.test(code)) return 'invalid';
  return isCurrencyCode(code) ? null : 'unsupported';
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/** The currency's name in the interface language ('se' renders with the sv locale, docs/architecture.md §5). */
export function currencyName(code: string, language: Language): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAGS[language]], { type: 'currency', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

export type ConvertQuery = z.infer<typeof ConvertQuerySchema>;
export type Conversion = z.infer<typeof ConversionSchema>;
export type Rates = z.infer<typeof RatesSchema>;
