import { describe, expect, it } from 'vitest';
import { ConversionAmountSchema, ConvertQuerySchema, CurrencyCodeSchema, RatesSchema } from './currencies.schema.ts';
import { BASE_CURRENCY, CURRENCIES, currencyError, currencyName } from './currencies.ts';
import { RATES_SNAPSHOT, rateFor } from './rates-snapshot.ts';

// Spec §5 (supported list, positive amount), §8 (currency errors), docs/architecture.md §5 "Money".

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('supported currencies', () => {
  it('lists about 140 distinct ISO codes Intl knows, EUR being the base', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(130);
    expect(CURRENCIES.length).toBeLessThanOrEqual(160);
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect(CURRENCIES.filter((code) => !known.has(code))).toEqual([]);
    expect(BASE_CURRENCY).toBe('EUR');
  });

  it('includes the usual currencies and leaves out metals, test and fund codes', () => {
    expect(CURRENCIES).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'MAD', 'SEK', 'XOF']));
    for (const code of ['XAU', 'XAG', 'XTS', 'XDR', 'XXX', 'CLF', 'USN', 'HRK']) {
      expect(CURRENCIES).not.toContain(code);
    }
  });
});

describe('currency code validation', () => {
  it('tells a malformed code from an unsupported one', () => {
    expect(currencyError('EUR')).toBeNull();
    expect(currencyError('eur')).toBe('invalid');
    expect(currencyError('EURO')).toBe('invalid');
    expect(currencyError('E1R')).toBe('invalid');
    expect(currencyError('XAU')).toBe('unsupported');
  });

  it('answers with the spec messages', () => {
    expect(CurrencyCodeSchema.parse('SEK')).toBe('SEK');
    expect(messageOf(CurrencyCodeSchema.safeParse('usd'))).toBe('usd is not a valid currency code');
    expect(messageOf(CurrencyCodeSchema.safeParse('XTS'))).toBe('Currency XTS not supported');
  });

  it('accepts only a positive amount to convert', () => {
    expect(ConversionAmountSchema.parse(10.5)).toBe(10.5);
    for (const amount of [0, -1, Number.NaN, '10']) {
      expect(messageOf(ConversionAmountSchema.safeParse(amount))).toBe('amount should be a positive number');
    }
  });
});

describe('currencyName', () => {
  it('names a currency in the interface language, Swedish for se', () => {
    expect(currencyName('EUR', 'en')).toBe('Euro');
    expect(currencyName('EUR', 'se')).toBe('euro');
    expect(currencyName('SEK', 'se')).toBe('svensk krona');
    expect(currencyName('SEK', 'de')).toBe('Schwedische Krone');
    expect(currencyName('USD', 'fr')).toBe('dollar des États-Unis');
  });
});

describe('rates', () => {
  it('accepts a EUR-based answer and refuses another base, a bad rate or an unknown code', () => {
    const answer = { base: 'EUR', rates: { USD: 1.15 }, fetchedAt: '2025-07-01T10:00:00.000Z', source: 'ecb' };
    expect(RatesSchema.safeParse(answer).success).toBe(true);
    expect(RatesSchema.safeParse({ ...answer, base: 'USD' }).success).toBe(false);
    expect(RatesSchema.safeParse({ ...answer, rates: { USD: -1 } }).success).toBe(false);
    expect(RatesSchema.safeParse({ ...answer, rates: { XAU: 0.0004 } }).success).toBe(false);
    expect(RatesSchema.safeParse({ ...answer, fetchedAt: 'yesterday' }).success).toBe(false);
  });

  it('bundles a valid snapshot with a rate for every supported code', () => {
    expect(RatesSchema.parse(RATES_SNAPSHOT)).toEqual(RATES_SNAPSHOT);
    const missing = CURRENCIES.filter((code) => !(Number(RATES_SNAPSHOT.rates[code]) > 0));
    expect(missing).toEqual([]);
  });

  it('keeps snapshot rates plausible: EUR 1, the fixed pegs exact, majors in their 2025 range', () => {
    const { rates } = RATES_SNAPSHOT;
    expect(rates.EUR).toBe(1);
    expect(rates.XOF).toBe(655.957);
    expect(rates.XAF).toBe(655.957);
    expect(rates.BGN).toBeCloseTo(1.95583, 2);
    expect(rates.USD).toBeGreaterThan(1);
    expect(rates.USD).toBeLessThan(1.3);
    expect(rates.GBP).toBeGreaterThan(0.8);
    expect(rates.GBP).toBeLessThan(0.9);
    expect(rates.JPY).toBeGreaterThan(150);
    expect(rates.JPY).toBeLessThan(185);
    expect(rates.CHF).toBeGreaterThan(0.9);
    expect(rates.CHF).toBeLessThan(1);
  });
});

describe('conversion query (spec §5, §8)', () => {
  it('takes a positive amount from the query string and supported codes', () => {
    expect(ConvertQuerySchema.parse({ amount: '12.5', from: 'EUR', to: 'JPY' })).toEqual({
      amount: 12.5,
      from: 'EUR',
      to: 'JPY',
    });
    const messages = (query: Record<string, string>) =>
      ConvertQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(messages({ amount: '-1', from: 'EUR', to: 'USD' })).toEqual(['amount should be a positive number']);
    expect(messages({ amount: 'x', from: 'EUR', to: 'USD' })).toEqual(['amount should be a positive number']);
    expect(messages({ amount: '1', from: 'XAU', to: 'usd' })).toEqual([
      'Currency XAU not supported',
      'usd is not a valid currency code',
    ]);
  });

  it('uses the live rate, else the snapshot rate for a code the provider does not quote', () => {
    const live = { ...RATES_SNAPSHOT, source: 'frankfurter', rates: { EUR: 1, USD: 1.25 } };
    expect(rateFor(live, 'USD')).toBe(1.25);
    expect(rateFor(live, 'MAD')).toBe(RATES_SNAPSHOT.rates.MAD);
  });
});
