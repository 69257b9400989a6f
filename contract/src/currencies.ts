import { z } from 'zod';
import { type Language, LOCALE_TAGS } from './enum-values.ts';

/** Every stored price is in this currency (ARCHITECTURE §3 `BASE_CURRENCY`, §5 Money). */
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

// Spec §8 wording: '{code} is not a valid currency code' / 'Currency {code} not supported'.
export const CurrencyCodeSchema = z.enum(CURRENCIES, {
  error: (issue) => {
    const code = String(issue.input);
    return currencyError(code) === 'unsupported'
      ? `Currency ${code} not supported`
      : `${code} is not a valid currency code`;
  },
});

export const ConversionAmountSchema = z
  .number({ error: 'amount should be a positive number' })
  .positive({ error: 'amount should be a positive number' });

/**
 * The largest amount one conversion takes, in major units: a trillion, whose value in the currency with the most
 * units to the euro still is a finite number (1e308 EUR in VND was Infinity, a 500; second audit, item 16).
 */
export const MAX_CONVERSION_AMOUNT = 1e12;

/** `GET /api/convert` query (spec §5: supported codes, a positive amount in major units). */
export const ConvertQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'amount should be a positive number' })
    .positive({ error: 'amount should be a positive number' })
    .refine(Number.isFinite, { error: 'amount should be a positive number' })
    .max(MAX_CONVERSION_AMOUNT, { error: `amount should be at most ${MAX_CONVERSION_AMOUNT}` }),
  from: CurrencyCodeSchema,
  to: CurrencyCodeSchema,
});
export type ConvertQuery = z.infer<typeof ConvertQuerySchema>;

/** `GET /api/convert` answer: `result` is `amount` in `to`, rounded to its minor unit. */
export const ConversionSchema = z.object({
  amount: z.number(),
  from: CurrencyCodeSchema,
  to: CurrencyCodeSchema,
  rate: z.number().positive(),
  result: z.number(),
  source: z.string().min(1),
});
export type Conversion = z.infer<typeof ConversionSchema>;

/**
 * `GET` currency rates answer: units of each currency per 1 EUR. Partial because a provider may
 * not quote every code; the client shows the base currency for a code without a rate.
 */
export const RatesSchema = z.object({
  base: z.literal(BASE_CURRENCY),
  rates: z.partialRecord(CurrencyCodeSchema, z.number().positive()),
  fetchedAt: z.iso.datetime({ offset: true }),
  source: z.string().min(1),
});
export type Rates = z.infer<typeof RatesSchema>;

const displayNames = new Map<Language, Intl.DisplayNames>();

/** The currency's name in the interface language ('se' renders with the sv locale, ARCHITECTURE §5). */
export function currencyName(code: string, language: Language): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAGS[language]], { type: 'currency', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}
