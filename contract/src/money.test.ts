import { describe, expect, it } from 'vitest';
import type { Language } from './languages.ts';
import {
  convertMinor,
  formatMinor,
  formatMoney,
  minorUnitDigits,
  roundHalfUp,
  toMajor,
  toMinor,
  wholeUnitsUp,
} from './money.ts';

// docs/architecture.md §5 "Money", spec §9.

describe('formatMoney', () => {
  it('formats the architecture examples', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(1234, 'EUR', 'fr')).toBe('1 234 €');
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe('1 234,50 €');
    expect(formatMoney(1234, 'EUR', 'en')).toBe('1,234 €');
  });

  it('groups 4-digit amounts in Spanish and uses plain spaces everywhere', () => {
    expect(formatMoney(1000, 'EUR', 'es')).toBe('1 000 €');
    for (const language of ['fr', 'es', 'se', 'de'] as const) {
      expect(formatMoney(1234567.5, 'EUR', language)).not.toMatch(/[\u00a0\u202f]/);
    }
  });

  it('groups every thousand and shows decimals only when the amount is not whole', () => {
    expect(formatMoney(1234567.891, 'USD', 'en')).toBe('$1,234,567.89');
    expect(formatMoney(1234567, 'EUR', 'se')).toBe('1 234 567 €');
    expect(formatMoney(999, 'EUR', 'fr')).toBe('999 €');
    expect(formatMoney(0.5, 'EUR', 'en')).toBe('0.50 €');
    expect(formatMoney(12.999, 'EUR', 'en')).toBe('13 €');
  });

  it('puts the minus sign in front', () => {
    expect(formatMoney(-1234.5, 'USD', 'en')).toBe('-$1,234.50');
    expect(formatMoney(-1234, 'EUR', 'fr')).toBe('-1 234 €');
    expect(formatMoney(-0.001, 'EUR', 'en')).toBe('0 €');
  });

  const byLanguage: [Language, string, string, string, string, string][] = [
    // language, GBP 1234.5, JPY 1234.5, CHF 1234.5, MAD 1234.5, SEK 1234.5
    ['en', '£1,234.50', '1,235 ¥', '1,234.50 CHF', '1,234.50 MAD', '1,234.50 kr'],
    ['fr', '£1 234,50', '1 235 ¥', '1 234,50 CHF', '1 234,50 MAD', '1 234,50 kr'],
    ['es', '£1 234,50', '1 235 ¥', '1 234,50 CHF', '1 234,50 MAD', '1 234,50 kr'],
    ['se', '£1 234,50', '1 235 ¥', '1 234,50 CHF', '1 234,50 MAD', '1 234,50 kr'],
    ['de', '£1 234,50', '1 235 ¥', '1 234,50 CHF', '1 234,50 MAD', '1 234,50 kr'],
  ];
  it.each(byLanguage)('formats GBP, JPY, CHF, MAD and SEK in %s', (language, gbp, jpy, chf, mad, sek) => {
    expect(formatMoney(1234.5, 'GBP', language)).toBe(gbp);
    expect(formatMoney(1234.5, 'JPY', language)).toBe(jpy);
    expect(formatMoney(1234.5, 'CHF', language)).toBe(chf);
    expect(formatMoney(1234.5, 'MAD', language)).toBe(mad);
    expect(formatMoney(1234.5, 'SEK', language)).toBe(sek);
  });

  it('shows three decimals for three-digit currencies when not whole', () => {
    expect(formatMoney(1234.5, 'KWD', 'en')).toBe('1,234.500 KWD');
    expect(formatMoney(1234, 'BHD', 'fr')).toBe('1 234 BHD');
  });
});

describe('formatMinor', () => {
  it('formats integer minor units', () => {
    expect(formatMinor(123450, 'EUR', 'de')).toBe('1 234,50 €');
    expect(formatMinor(1235, 'JPY', 'en')).toBe('1,235 ¥');
    expect(formatMinor(1234500, 'KWD', 'en')).toBe('1,234.500 KWD');
    expect(formatMinor(100000, 'USD', 'es')).toBe('$1 000');
  });
});

describe('minor units', () => {
  it('knows each currency’s exponent', () => {
    expect(['EUR', 'JPY', 'KRW', 'KWD', 'BHD', 'CHF'].map(minorUnitDigits)).toEqual([2, 0, 0, 3, 3, 2]);
  });

  it('converts between major and minor units, rounding half up', () => {
    expect(toMinor(1234.56, 'EUR')).toBe(123456);
    expect(toMinor(1.005, 'EUR')).toBe(101);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(toMinor(12.3456, 'KWD')).toBe(12346);
    expect(toMajor(123456, 'EUR')).toBe(1234.56);
    expect(toMajor(500, 'JPY')).toBe(500);
    expect(toMajor(12346, 'KWD')).toBe(12.346);
  });

  it('rounds half up after absorbing binary noise', () => {
    expect(roundHalfUp(172.49999999999997)).toBe(173);
    expect(roundHalfUp(2.4)).toBe(2);
    expect(roundHalfUp(-2.5)).toBe(-2);
  });
});

describe('wholeUnitsUp', () => {
  it("rounds a 'from' price up to a whole unit of its currency", () => {
    expect(wholeUnitsUp(3169, 'EUR')).toBe(3200);
    expect(wholeUnitsUp(1900, 'EUR')).toBe(1900);
    expect(wholeUnitsUp(1901, 'EUR')).toBe(2000);
    expect(wholeUnitsUp(11_762, 'JPY')).toBe(11_762);
    expect(wholeUnitsUp(1001, 'KWD')).toBe(2000);
    expect(formatMinor(wholeUnitsUp(3169, 'EUR'), 'EUR', 'en')).toBe('32 €');
  });
});

describe('convertMinor', () => {
  it('converts EUR cents into the target currency’s minor units', () => {
    expect(convertMinor(10000, 1.15, 'USD')).toBe(11500);
    expect(convertMinor(10000, 170, 'JPY')).toBe(17000);
    expect(convertMinor(1234, 0.352, 'KWD')).toBe(4344); // 4.34368 KWD
    expect(convertMinor(150, 1.15, 'USD')).toBe(173); // 172.5 cents
  });
});
