import { fuelCharge, lateCharge, mileageCharge, DEFAULT_CHARGE_RULES as RULES } from '@roam/contract/counter';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { screenTests } from '#web/test-utils';
// Its import gives i18n the console's language chunks, which hold the counter's strings.
import '#web/console/test-utils';
import { computationLines, computationSentence, formatValue } from './computation';

// A charge's computation as the desk reads it (lib/computation.ts), from the contract's own charge functions: what the
// sentence says is what the server computed, in the reader's language.

screenTests(['operatorCounter']);

const rules = { ...RULES, fuelPricePerLitre: 190, refuellingFee: 1500, pricePerExtraKm: 25, latePricePerHour: 1500 };
const t = (language = 'en') => i18next.getFixedT(language);

describe('a computation in words', () => {
  it('fuel: missing eighths × tank × price per litre + the refuelling fee = the amount, in each language', async () => {
    const fuel = fuelCharge({
      policy: 'fullToFull',
      checkOutEighths: 8,
      returnEighths: 5,
      tankLitres: 50,
      rules,
      currency: 'EUR',
    });
    if (!fuel) throw new Error('no charge');
    expect(computationSentence(t(), fuel, 'en')).toBe('3/8 × 50 L × 1.90 € + 15 € refuelling fee = 50.63 €');
    // The French strings load with the language, as a switch loads them; French writes a narrow space before 'l'.
    await changeLanguage('fr', { save: false });
    await changeLanguage('en', { save: false });
    expect(computationSentence(t('fr'), fuel, 'fr')).toBe(
      '3/8 × 50\u202fl × 1,90 € + 15 € de frais de remplissage = 50,63 €',
    );
    expect(computationLines(t(), fuel, 'en').find((line) => line.key === 'missingLitres')).toEqual({
      key: 'missingLitres',
      label: 'Missing fuel',
      value: '18.8 L',
    });
  });

  it('kilometres over the allowance, and a late return within a day, capped, and over days', () => {
    const mileage = mileageCharge({
      kmPerDay: 200,
      rentalDays: 3,
      checkOutOdometer: 10000,
      returnOdometer: 10850,
      rules,
      currency: 'EUR',
    });
    if (!mileage) throw new Error('no charge');
    expect(computationSentence(t(), mileage, 'en')).toBe(
      '850 km driven − 600 km allowed (200 km × 3 days) = 250 km × 0.25 € = 62.50 €',
    );
    const dropoffAt = new Date('2030-06-04T10:00:00Z');
    const late = (minutes: number) => {
      const charge = lateCharge({
        dropoffAt,
        returnedAt: new Date(dropoffAt.getTime() + minutes * 60_000),
        dayPrice: 4000,
        rules,
        currency: 'EUR',
      });
      if (!charge) throw new Error('no charge');
      return computationSentence(t(), charge, 'en');
    };
    expect(late(70)).toBe('70 min late, 59 min free: 2 hr started × 15 € = 30 €');
    expect(late(5 * 60)).toBe("300 min late, 59 min free: 5 hr started × 15 €, at most a day's price of 40 € = 40 €");
    expect(late(24 * 60 + 70)).toBe('1,510 min late, 59 min free: 1 day × 40 € + 30 € for 2 hr started = 70 €');
  });

  it('writes each unit in the language: eighths, litres, kilometres, money', () => {
    expect(formatValue(3, 'eighths', 'EUR', 'de')).toBe('3/8');
    expect(formatValue(250, 'km', 'EUR', 'se')).toBe('250 km');
    expect(formatValue(4313, 'money', 'EUR', 'fr')).toBe('43,13 €');
  });
});
