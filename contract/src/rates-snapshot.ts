import type { CurrencyCode, Rates } from './currencies.ts';

/**
 * Last-resort rates, used only when every provider fails (docs/architecture.md §5 "Money"): approximate
 * mid-market units per 1 EUR in 2025. `satisfies` makes the compiler demand a rate for every
 * supported code, so adding a currency without a rate fails the type check.
 */
// biome-ignore format: a compact table reads better than one rate per line
const SNAPSHOT_RATES = {
  AED: 4.22, AFN: 80, ALL: 98, AMD: 445, AOA: 1050, ARS: 1450, AUD: 1.77, AWG: 2.07,
  AZN: 1.96, BAM: 1.956, BBD: 2.3, BDT: 140, BGN: 1.956, BHD: 0.432, BIF: 3420, BMD: 1.15,
  BND: 1.49, BOB: 7.95, BRL: 6.3, BSD: 1.15, BTN: 99, BWP: 15.5, BYN: 3.77, BZD: 2.31,
  CAD: 1.58, CDF: 3300, CHF: 0.935, CLP: 1090, CNY: 8.25, COP: 4650, CRC: 580, CUP: 27.6,
  CVE: 110.27, CZK: 24.6, DJF: 204, DKK: 7.46, DOP: 70, DZD: 150, EGP: 56.5, ERN: 17.25,
  ETB: 155, EUR: 1, FJD: 2.6, FKP: 0.86, GBP: 0.86, GEL: 3.12, GHS: 12.2, GIP: 0.86,
  GMD: 83, GNF: 9950, GTQ: 8.82, GYD: 240, HKD: 9.02, HNL: 30.1, HTG: 150, HUF: 395,
  IDR: 18900, ILS: 3.9, INR: 100, IQD: 1505, IRR: 48400, ISK: 143, JMD: 184, JOD: 0.815,
  JPY: 170, KES: 148.5, KGS: 100.5, KHR: 4610, KMF: 491.97, KRW: 1600, KWD: 0.352, KYD: 0.958,
  KZT: 610, LAK: 24800, LBP: 103000, LKR: 345, LRD: 230, LSL: 20.5, LYD: 6.25, MAD: 10.55,
  MDL: 19.7, MGA: 5150, MKD: 61.5, MMK: 2415, MNT: 4120, MOP: 9.29, MRU: 45.8, MUR: 52.5,
  MVR: 17.7, MWK: 1995, MXN: 21.6, MYR: 4.88, MZN: 73.5, NAD: 20.5, NGN: 1760, NIO: 42.3,
  NOK: 11.7, NPR: 158, NZD: 1.95, OMR: 0.442, PAB: 1.15, PEN: 4.1, PGK: 4.75, PHP: 65.5,
  PKR: 325, PLN: 4.25, PYG: 9150, QAR: 4.19, RON: 5.08, RSD: 117.2, RUB: 92, RWF: 1660,
  SAR: 4.31, SBD: 9.55, SCR: 16.5, SDG: 690, SEK: 11, SGD: 1.49, SHP: 0.86, SLE: 26.2,
  SOS: 657, SRD: 43, SSP: 5200, STN: 24.5, SYP: 14950, SZL: 20.5, THB: 37.5, TJS: 11.1,
  TMT: 4.03, TND: 3.4, TOP: 2.72, TRY: 46.5, TTD: 7.8, TWD: 34.5, TZS: 2950, UAH: 48,
  UGX: 4150, USD: 1.15, UYU: 46.5, UZS: 14500, VES: 180, VND: 30100, VUV: 138, WST: 3.15,
  XAF: 655.957, XCD: 3.11, XOF: 655.957, XPF: 119.33, YER: 277, ZAR: 20.5, ZMW: 27.5,
} as const satisfies Record<CurrencyCode, number>;

export const RATES_SNAPSHOT: Rates = {
  base: 'EUR',
  rates: SNAPSHOT_RATES,
  fetchedAt: '2025-07-01T00:00:00Z',
  source: 'snapshot',
};

/**
 * The rate used for `code`: the live one, else the snapshot's. A provider may quote only some codes
 * (the ECB about 30), and showing a price in EUR under another currency's symbol would be wrong.
 */
export function rateFor(rates: Rates, code: CurrencyCode): number {
  return rates.rates[code] ?? RATES_SNAPSHOT.rates[code] ?? 1;
}
