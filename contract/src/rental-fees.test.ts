import { describe, expect, it } from 'vitest';
import { driverAgeFees, feeQuoteOf, feesOfQuote, oneWayFeeOf, rentalFeesOf } from './fee-quote.ts';
import { type CarPricing, calculatePrice, priceIn } from './price.ts';
import { FeeRulesSchema } from './rental-fees.schema.ts';
import { DEFAULT_FEE_RULES, type FeeRules, type RentalFees } from './rental-fees.ts';
import { HOUR } from './time.ts';

// docs/architecture.md §5 "Fees by rule". Amounts are EUR cents.

const RULES: FeeRules = {
  youngDriver: [
    { fromAge: 18, toAge: 20, dailyFee: 2000 },
    { fromAge: 21, toAge: 24, dailyFee: 1200 },
  ],
  seniorDriver: { fromAge: 75, dailyFee: 800 },
  oneWayRefused: false,
  countryPairs: [{ fromCountryId: 'se', toCountryId: 'no', fee: 15000 }],
};
const COUNTER = { oneWayFee: 5000, oneWayFees: [{ fromLocationId: 'sto', toLocationId: 'got', fee: 9000 }] };
const place = (id: string, countryId: string) => ({ id, countryId });

const CAR: CarPricing = {
  dailyPrice: 5000,
  discountedDailyPrice: null,
  hourlyPrice: null,
  discountedHourlyPrice: null,
  biWeeklyPrice: 12000,
  discountedBiWeeklyPrice: null,
  weeklyPrice: 25000,
  discountedWeeklyPrice: null,
  monthlyPrice: 90000,
  discountedMonthlyPrice: null,
  isDateBasedPrice: false,
  dateBasedPrices: [],
  cancellation: 1500,
  amendments: 0,
  theftProtection: 900,
  collisionDamageWaiver: 700,
  fullInsurance: -1,
  additionalDriver: 500,
  deposit: 50000,
};

describe('driverAgeFees', () => {
  it('charges the band the age is in, the senior band from its age, nothing between', () => {
    expect(driverAgeFees(RULES, 18)).toEqual({ youngDriver: 2000 });
    expect(driverAgeFees(RULES, 20)).toEqual({ youngDriver: 2000 });
    expect(driverAgeFees(RULES, 21)).toEqual({ youngDriver: 1200 });
    expect(driverAgeFees(RULES, 25)).toEqual({});
    expect(driverAgeFees(RULES, 74)).toEqual({});
    expect(driverAgeFees(RULES, 75)).toEqual({ seniorDriver: 800 });
    expect(driverAgeFees(RULES, Number.NaN)).toEqual({});
    expect(driverAgeFees(DEFAULT_FEE_RULES, 19)).toEqual({});
  });
});

describe('oneWayFeeOf', () => {
  it('takes the pair of places, else the pair of countries, else the flat fee', () => {
    expect(oneWayFeeOf(RULES, COUNTER, place('sto', 'se'), place('sto', 'se'))).toEqual({ refused: false, fee: null });
    expect(oneWayFeeOf(RULES, COUNTER, place('sto', 'se'), place('got', 'se'))).toEqual({ refused: false, fee: 9000 });
    expect(oneWayFeeOf(RULES, COUNTER, place('sto', 'se'), place('osl', 'no'))).toEqual({ refused: false, fee: 15000 });
    expect(oneWayFeeOf(RULES, COUNTER, place('osl', 'no'), place('sto', 'se'))).toEqual({ refused: false, fee: 5000 });
    const none = { oneWayFee: null, oneWayFees: [] };
    expect(oneWayFeeOf(DEFAULT_FEE_RULES, none, place('a', 'se'), place('b', 'se'))).toEqual({
      refused: false,
      fee: null,
    });
  });

  it('refuses a one-way rental when the business takes none, but not a return to the same place', () => {
    const refused = { ...RULES, oneWayRefused: true };
    expect(oneWayFeeOf(refused, COUNTER, place('sto', 'se'), place('got', 'se'))).toEqual({ refused: true });
    expect(oneWayFeeOf(refused, COUNTER, place('sto', 'se'), place('sto', 'se'))).toEqual({
      refused: false,
      fee: null,
    });
  });
});

describe('rentalFeesOf', () => {
  it('counts the age on the pick-up day at the pick-up place', () => {
    const input = {
      rules: RULES,
      counter: COUNTER,
      birthDate: '2006-03-02',
      timeZone: 'Europe/Stockholm',
      pickup: place('sto', 'se'),
      dropoff: place('osl', 'no'),
    };
    // 20 until the birthday in Stockholm, which starts at 23:00 UTC the evening before.
    expect(rentalFeesOf({ ...input, pickupAt: new Date('2027-03-01T22:30:00Z') }).fees).toEqual({
      youngDriver: 2000,
      oneWay: 15000,
    });
    expect(rentalFeesOf({ ...input, pickupAt: new Date('2027-03-01T23:30:00Z') }).fees).toEqual({
      youngDriver: 1200,
      oneWay: 15000,
    });
    expect(rentalFeesOf({ ...input, birthDate: null, pickupAt: new Date('2027-03-01T12:00:00Z') })).toEqual({
      fees: { oneWay: 15000 },
      oneWayRefused: false,
    });
  });
});

describe('feeQuoteOf, feesOfQuote', () => {
  it('the quote of the places and the driver’s birth date give the fees the rules give (the screen’s = the server’s)', () => {
    const pickupAt = new Date('2027-03-01T23:30:00Z');
    const driver = { birthDate: '2006-03-02', pickupAt, timeZone: 'Europe/Stockholm' };
    const quote = feeQuoteOf(RULES, COUNTER, place('sto', 'se'), place('osl', 'no'));
    expect(quote).toEqual({
      youngDriver: RULES.youngDriver,
      seniorDriver: RULES.seniorDriver,
      oneWayRefused: false,
      oneWayFee: 15000,
    });
    expect(feesOfQuote(quote, driver)).toEqual(
      rentalFeesOf({
        rules: RULES,
        counter: COUNTER,
        ...driver,
        pickup: place('sto', 'se'),
        dropoff: place('osl', 'no'),
      }).fees,
    );
    const refused = feeQuoteOf({ ...RULES, oneWayRefused: true }, COUNTER, place('sto', 'se'), place('got', 'se'));
    expect([refused.oneWayRefused, refused.oneWayFee, feesOfQuote(refused, driver)]).toEqual([
      true,
      null,
      { youngDriver: 1200 },
    ]);
  });
});

describe('the fees in the price', () => {
  const pickupAt = new Date('2027-03-01T10:00:00Z');
  const price = (hours: number, rentalFees: RentalFees = { youngDriver: 1200, oneWay: 9000 }) =>
    calculatePrice({
      car: CAR,
      priceChangeRate: 10,
      pickupAt,
      dropoffAt: new Date(pickupAt.getTime() + hours * HOUR),
      timeZone: 'UTC',
      rentalFees,
    });

  it('adds a daily fee × the days and the one-way fee once, without the percentage, not as extras', () => {
    const breakdown = price(72);
    expect(breakdown.lines.slice(1)).toEqual([
      { item: 'youngDriver', unit: 1200, quantity: 3, amount: 3600 },
      { item: 'oneWay', unit: 9000, quantity: 1, amount: 9000 },
    ]);
    expect(breakdown.total).toBe(13200 + 3600 + 9000);
    expect(breakdown.extrasTotal).toBe(0);
    expect(breakdown.extras).toEqual({});
    const inSek = priceIn(breakdown, (eur) => eur * 11);
    expect(inSek.lines[1]).toEqual({ item: 'youngDriver', unit: 13200, quantity: 3, amount: 39600 });
    expect(inSek.total).toBe(inSek.lines.reduce((sum, line) => sum + line.amount, 0));
  });

  it('never costs more for fewer days with the fees', () => {
    for (let hours = 1; hours < 40 * 24; hours += 5) {
      expect(price(hours).total).toBeLessThanOrEqual(price(hours + 5).total);
    }
  });

  it('leaves a rental without fees as it was', () => {
    expect(price(48, {}).lines).toHaveLength(1);
  });
});

describe('FeeRulesSchema', () => {
  it('refuses overlapping bands, a reversed band, an age under 18 and a country pair twice', () => {
    const ok = FeeRulesSchema.safeParse({ ...RULES, countryPairs: [] });
    expect(ok.success).toBe(true);
    const bad = FeeRulesSchema.safeParse({
      ...RULES,
      youngDriver: [
        { fromAge: 18, toAge: 22, dailyFee: 1 },
        { fromAge: 21, toAge: 24, dailyFee: 1 },
        { fromAge: 30, toAge: 26, dailyFee: 1 },
      ],
      seniorDriver: { fromAge: 17, dailyFee: 1 },
      countryPairs: [
        { fromCountryId: crypto.randomUUID(), toCountryId: crypto.randomUUID(), fee: 1 },
        { fromCountryId: crypto.randomUUID(), toCountryId: crypto.randomUUID(), fee: 1 },
      ],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['youngDriver.1.fromAge', 'youngDriver.2.toAge', 'seniorDriver.fromAge']),
    );
  });
});
