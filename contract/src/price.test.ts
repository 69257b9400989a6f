import { describe, expect, it } from 'vitest';
import { convertMinor } from './money.ts';
import {
  type CarPricing,
  calculatePrice,
  extraState,
  fromDailyPrice,
  PriceError,
  type PriceInput,
  paymentSplit,
  priceIn,
  withPriceChange,
} from './price.ts';
import { HOUR } from './time.ts';

// docs/architecture.md §5 "Price". Amounts are EUR cents.

function car(overrides: Partial<CarPricing> = {}): CarPricing {
  return {
    dailyPrice: 5000,
    discountedDailyPrice: null,
    hourlyPrice: null,
    discountedHourlyPrice: null,
    biWeeklyPrice: null,
    discountedBiWeeklyPrice: null,
    weeklyPrice: null,
    discountedWeeklyPrice: null,
    monthlyPrice: null,
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
    ...overrides,
  };
}

const pickupAt = new Date('2025-06-02T08:00:00Z');

/** Prices a rental of `hours` real hours from `more.pickupAt` (default: a June morning). */
function price(pricing: CarPricing, hours: number, more: Partial<PriceInput> = {}) {
  const start = more.pickupAt ?? pickupAt;
  return calculatePrice({
    car: pricing,
    priceChangeRate: 0,
    timeZone: 'Europe/Paris',
    ...more,
    pickupAt: start,
    dropoffAt: new Date(start.getTime() + hours * HOUR),
  });
}

describe('duration', () => {
  it('counts started hours and started days', () => {
    expect(price(car(), 1.5)).toMatchObject({ rentalHours: 2, rentalDays: 1 });
    expect(price(car(), 24)).toMatchObject({ rentalHours: 24, rentalDays: 1 });
    expect(price(car(), 25)).toMatchObject({ rentalHours: 25, rentalDays: 2 });
  });

  it('refuses an empty or reversed period', () => {
    expect(() => price(car(), 0)).toThrow(PriceError);
    expect(() => price(car(), -5)).toThrow(expect.objectContaining({ code: 'invalidPeriod' }));
  });
});

describe('hours and days', () => {
  it('charges leftover hours at the hourly price, even when the rental is shorter than a day', () => {
    expect(price(car({ hourlyPrice: 800 }), 5).rental).toBe(4000);
    expect(price(car({ hourlyPrice: 800 }), 27).rental).toBe(5000 + 3 * 800);
  });

  it('charges one daily price for leftover hours when the car has no hourly price', () => {
    expect(price(car(), 3).rental).toBe(5000);
    expect(price(car(), 49).rental).toBe(3 * 5000);
  });

  it('uses the discounted variant of each rate when set, and ignores a blank (0) discount', () => {
    const discounted = car({ discountedDailyPrice: 4000, hourlyPrice: 800, discountedHourlyPrice: 600 });
    expect(price(discounted, 26).rental).toBe(4000 + 2 * 600);
    expect(price(car({ discountedDailyPrice: 0 }), 24).rental).toBe(5000);
  });
});

describe('3, 7 and 30-day tiers', () => {
  const tiered = car({ biWeeklyPrice: 12000, weeklyPrice: 30000, monthlyPrice: 100000, hourlyPrice: 800 });

  it('charges the "bi-weekly" price per 3 days', () => {
    expect(price(tiered, 3 * 24).rental).toBe(12000);
    expect(price(tiered, 4 * 24).rental).toBe(12000 + 5000);
    expect(price(tiered, 6 * 24).rental).toBe(2 * 12000);
  });

  it('charges the weekly and monthly prices per 7 and 30 days', () => {
    expect(price(tiered, 7 * 24).rental).toBe(30000);
    expect(price(tiered, 30 * 24).rental).toBe(100000);
  });

  it('combines 30 + 7 + 3 + 1 days and leftover hours', () => {
    expect(price(tiered, 41 * 24).rental).toBe(100000 + 30000 + 12000 + 5000);
    expect(price(tiered, 41 * 24 + 2).rental).toBe(100000 + 30000 + 12000 + 5000 + 2 * 800);
  });

  it('lets an unset tier fall through to the next smaller one', () => {
    const noMonthly = car({ biWeeklyPrice: 12000, weeklyPrice: 30000 });
    expect(price(noMonthly, 30 * 24).rental).toBe(4 * 30000 + 2 * 5000);
    const onlyBiWeekly = car({ biWeeklyPrice: 12000 });
    expect(price(onlyBiWeekly, 30 * 24).rental).toBe(10 * 12000);
    expect(price(car(), 30 * 24).rental).toBe(30 * 5000);
  });

  it('uses discounted tier prices', () => {
    const discounted = car({
      monthlyPrice: 100000,
      discountedMonthlyPrice: 90000,
      weeklyPrice: 30000,
      discountedWeeklyPrice: 25000,
    });
    expect(price(discounted, 37 * 24).rental).toBe(90000 + 25000);
  });
});

describe('date-based pricing', () => {
  const seasonal = car({
    isDateBasedPrice: true,
    discountedDailyPrice: 4500,
    hourlyPrice: 800,
    weeklyPrice: 20000,
    dateBasedPrices: [
      { startDate: '2025-07-01', endDate: '2025-07-02', dailyPrice: 8000 },
      { startDate: '2025-07-03', endDate: '2025-07-10', dailyPrice: 9000 },
    ],
  });

  it("prices each rental day by its period, and a day outside every period at the car's daily price", () => {
    // 2025-06-30 10:00 in Paris (UTC+2): days fall on 06-30, 07-01, 07-02, 07-03.
    const breakdown = price(seasonal, 4 * 24, { pickupAt: new Date('2025-06-30T08:00:00Z') });
    expect(breakdown.rental).toBe(4500 + 8000 + 8000 + 9000);
  });

  it('charges a started day as a whole day, with no hourly or tier prices', () => {
    const breakdown = price(seasonal, 8 * 24 + 1, { pickupAt: new Date('2025-07-03T08:00:00Z') });
    expect(breakdown.rentalDays).toBe(9);
    expect(breakdown.rental).toBe(8 * 9000 + 4500);
  });

  it("reads a day's date in the pick-up location's time zone", () => {
    // 23:30 UTC on 06-30 is already 07-01 in Paris.
    const lateEvening = { pickupAt: new Date('2025-06-30T23:30:00Z') };
    expect(price(seasonal, 24, { ...lateEvening, timeZone: 'Europe/Paris' }).rental).toBe(8000);
    expect(price(seasonal, 24, { ...lateEvening, timeZone: 'UTC' }).rental).toBe(4500);
  });
});

describe('extras', () => {
  it('charges cancellation and amendments once and the other extras per rental day', () => {
    const breakdown = price(car(), 3 * 24, {
      extras: { cancellation: true, theftProtection: true, additionalDriver: true, collisionDamageWaiver: false },
    });
    expect(breakdown.extras).toEqual({ cancellation: 1500, theftProtection: 3 * 900, additionalDriver: 3 * 500 });
    expect(breakdown.extrasTotal).toBe(1500 + 2700 + 1500);
    expect(breakdown.total).toBe(3 * 5000 + 5700);
  });

  it('adds nothing for an included extra', () => {
    const breakdown = price(car(), 24, { extras: { amendments: true } });
    expect(breakdown.extras).toEqual({ amendments: 0 });
    expect(breakdown.total).toBe(5000);
  });

  it('rejects an unavailable extra', () => {
    expect(() => price(car(), 24, { extras: { fullInsurance: true } })).toThrow(
      expect.objectContaining({ name: 'PriceError', code: 'extraUnavailable', extra: 'fullInsurance' }),
    );
    expect(price(car(), 24, { extras: { fullInsurance: false } }).total).toBe(5000);
  });

  it('tells the state of an extra from its value', () => {
    expect([-1, 0, 250].map(extraState)).toEqual(['unavailable', 'included', 'priced']);
  });
});

describe("the places' fees (the key box after hours)", () => {
  it("adds each as its own line at the place's fee, without the supplier's percentage, after the extras", () => {
    const breakdown = price(car(), 48, {
      priceChangeRate: 10,
      extras: { theftProtection: true },
      placeFees: { afterHoursPickup: 2500, afterHoursDropoff: 1000 },
    });
    expect(breakdown.lines).toEqual([
      { item: 'rental', unit: 11000, quantity: 1, amount: 11000 },
      { item: 'theftProtection', unit: 990, quantity: 2, amount: 1980 },
      { item: 'afterHoursPickup', unit: 2500, quantity: 1, amount: 2500 },
      { item: 'afterHoursDropoff', unit: 1000, quantity: 1, amount: 1000 },
    ]);
    // The fees are in the total, not in the extras; the percentage changed only the car's own prices.
    expect(breakdown).toMatchObject({ extrasTotal: 1980, priceChange: 1000 + 180, total: 16480 });
    expect(breakdown.extras).toEqual({ theftProtection: 1980 });
  });

  it('adds no line for a free key box, and converts a fee as any line', () => {
    const free = price(car(), 24, { placeFees: { afterHoursPickup: 0 } });
    expect(free.lines.map((line) => line.item)).toEqual(['rental']);
    const inSek = priceIn(price(car(), 24, { placeFees: { afterHoursDropoff: 2500 } }), (eur) =>
      convertMinor(eur, 11.3, 'SEK'),
    );
    expect(inSek.lines[1]).toEqual({ item: 'afterHoursDropoff', unit: 28250, quantity: 1, amount: 28250 });
    expect(inSek.total).toBe(inSek.lines[0]!.amount + 28250);
  });
});

describe("supplier's price change", () => {
  it("is in every amount a customer sees: the rental line and each extra's price, so the lines add up to the total", () => {
    const breakdown = price(car({ dailyPrice: 5005, cancellation: 5 }), 24, {
      priceChangeRate: 10,
      extras: { cancellation: true },
    });
    // 5005 × 1.1 = 5505.5 → 5506; 5 × 1.1 = 5.5 → 6: the label says 6, the line says 6, the total is their sum.
    expect(breakdown.lines).toEqual([
      { item: 'rental', unit: 5506, quantity: 1, amount: 5506 },
      { item: 'cancellation', unit: 6, quantity: 1, amount: 6 },
    ]);
    expect(breakdown).toMatchObject({ rental: 5506, extrasTotal: 6, priceChange: 502, total: 5512 });
  });

  it("charges a daily extra its label × the days ('Theft protection + 8.50 € (daily)' over 35 days)", () => {
    // 800 + 6.25 % = 850 a day, as the label shows it; 35 days are 297.50 €, not 35 × 8.00 € + 6.25 % rounded once.
    const breakdown = price(car({ theftProtection: 800 }), 35 * 24, {
      priceChangeRate: 6.25,
      extras: { theftProtection: true },
    });
    expect(withPriceChange(800, 6.25)).toBe(850);
    expect(breakdown.lines[1]).toEqual({ item: 'theftProtection', unit: 850, quantity: 35, amount: 29750 });
    expect(breakdown.total).toBe(breakdown.rental + 29750);
  });

  it('handles fractional and negative percentages, rounding each amount half up', () => {
    expect(price(car({ dailyPrice: 5005 }), 24, { priceChangeRate: 10 }).total).toBe(5506); // 5505.5
    expect(price(car({ dailyPrice: 10001 }), 24, { priceChangeRate: 7.5 }).total).toBe(10751); // 10751.075
    expect(price(car({ dailyPrice: 1001 }), 24, { priceChangeRate: -2.5 }).total).toBe(976); // 975.975
    // 'Modificaciones + 165 kr' with −5 %: the line is the label.
    expect(withPriceChange(16500, -5)).toBe(15675);
  });

  it('leaves the deposit unchanged', () => {
    expect(price(car(), 24, { priceChangeRate: 20 })).toMatchObject({ total: 6000, deposit: 50000 });
  });
});

describe("a 'from … per day' price", () => {
  const today = '2025-06-02';

  it('is the daily rate, discounted when set, with the percentage rounded half up once', () => {
    expect(fromDailyPrice(car(), 0, today)).toBe(5000);
    expect(fromDailyPrice(car({ discountedDailyPrice: 4500 }), 0, today)).toBe(4500);
    expect(fromDailyPrice(car({ dailyPrice: 2981 }), 6.3, today)).toBe(withPriceChange(2981, 6.3));
    expect(fromDailyPrice(car({ dailyPrice: 2981 }), 6.3, today)).toBe(3169);
  });

  it('is what one day costs: a 3-, 7- or 30-day price below the daily one caps it, as it caps a one-day rental', () => {
    const cheapWeek = car({ weeklyPrice: 4200 });
    expect(fromDailyPrice(cheapWeek, 0, today)).toBe(4200);
    expect(fromDailyPrice(cheapWeek, 0, today)).toBe(price(cheapWeek, 24).rental);
    expect(fromDailyPrice(car({ weeklyPrice: 30000, biWeeklyPrice: 14000 }), 0, today)).toBe(5000);
  });

  it('is the cheapest day of date-based pricing, leaving out the periods already over', () => {
    const seasonal = car({
      isDateBasedPrice: true,
      dateBasedPrices: [
        { startDate: '2025-01-01', endDate: '2025-03-31', dailyPrice: 2000 },
        { startDate: '2025-10-01', endDate: '2025-12-31', dailyPrice: 3500 },
        { startDate: '2025-07-01', endDate: '2025-08-31', dailyPrice: 8000 },
      ],
    });
    expect(fromDailyPrice(seasonal, 0, today)).toBe(3500);
    expect(fromDailyPrice(seasonal, 10, '2025-01-15')).toBe(2200);
  });
});

describe('never more for fewer days (docs/architecture.md §5)', () => {
  it('charges a period no more than the next whole-day tier it falls short of', () => {
    const monthly = car({ dailyPrice: 5000, weeklyPrice: 30000, monthlyPrice: 100000 });
    // The block rule: 29 days = 4 weeks + 1 day = 125000, more than 30 days (100000).
    expect(price(monthly, 29 * 24).rental).toBe(100000);
    expect(price(monthly, 30 * 24).rental).toBe(100000);
    // 6 days = 30000 = a week: equal, so either; 5 days = 25000 < 30000 stays.
    expect(price(monthly, 5 * 24).rental).toBe(25000);
    expect(price(monthly, 6 * 24).rental).toBe(30000);
    expect(price(car({ dailyPrice: 5000, weeklyPrice: 20000 }), 5 * 24).rental).toBe(20000);
  });

  it('charges leftover hours no more than one more whole day', () => {
    // 24 h + 3 h at 3000 an hour (9000) cost more than two days (10000)? No: 5000 + 9000 = 14000 > 10000.
    expect(price(car({ hourlyPrice: 3000 }), 27).rental).toBe(10000);
    expect(price(car({ hourlyPrice: 800 }), 27).rental).toBe(5000 + 3 * 800);
    expect(price(car({ hourlyPrice: 3000 }), 5).rental).toBe(5000);
  });

  it('looks no further than the current block of the longest tier, and past it the next block starts over', () => {
    const tiered = car({ biWeeklyPrice: 12000, weeklyPrice: 30000, monthlyPrice: 100000 });
    expect(price(tiered, 31 * 24).rental).toBe(100000 + 5000);
    expect(price(tiered, 59 * 24).rental).toBe(200000);
    expect(price(tiered, 60 * 24).rental).toBe(200000);
  });

  it('never charges more for a shorter period, hour by hour over two months, for cars of every tier shape', () => {
    const shapes: Partial<CarPricing>[] = [
      {},
      { hourlyPrice: 900 },
      { hourlyPrice: 2600, biWeeklyPrice: 11000 },
      { weeklyPrice: 21000, monthlyPrice: 64000 },
      { biWeeklyPrice: 14000, weeklyPrice: 26000, monthlyPrice: 70000, hourlyPrice: 1200 },
      { monthlyPrice: 90000, discountedMonthlyPrice: 80000, weeklyPrice: 33000, discountedDailyPrice: 4400 },
      { biWeeklyPrice: 9000, monthlyPrice: 120000 },
    ];
    for (const shape of shapes) {
      const pricing = car(shape);
      let previous = 0;
      for (let hours = 1; hours <= 61 * 24; hours++) {
        const rental = price(pricing, hours).rental;
        expect(rental, `${JSON.stringify(shape)} at ${hours} h`).toBeGreaterThanOrEqual(previous);
        previous = rental;
      }
    }
  });
});

describe('in another currency', () => {
  it('converts each unit, then × its days, so a label × days is its line and the lines add up to the total', () => {
    const eur = price(car({ dailyPrice: 4999, theftProtection: 893 }), 35 * 24, {
      priceChangeRate: 0,
      extras: { theftProtection: true, cancellation: true },
    });
    // 1 EUR = 11.4713 SEK: 8.93 € → 102.44 kr a day; 35 days → 3585.40 kr (converting 312.55 € would give 3585.36).
    const sek = priceIn(eur, (amount) => convertMinor(amount, 11.4713, 'SEK'));
    const theft = sek.lines.find((line) => line.item === 'theftProtection');
    expect(theft).toEqual({ item: 'theftProtection', unit: 10244, quantity: 35, amount: 358540 });
    expect(sek.total).toBe(sek.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(sek.extras.theftProtection).toBe(358540);
    expect(sek.deposit).toBe(convertMinor(50000, 11.4713, 'SEK'));
    // In the base currency itself nothing changes.
    expect(priceIn(eur, (amount) => amount)).toEqual(eur);
  });
});

describe('payment split (spec §4)', () => {
  const breakdown = { total: 80000, deposit: 50000 };

  it('pay later: nothing now, the rental at pick-up, the security deposit held there', () => {
    expect(paymentSplit(breakdown, 'payLater')).toEqual({
      payNow: 0,
      payAtPickup: 80000,
      securityDeposit: 50000,
      securityDepositTaken: 'atPickup',
    });
  });

  it('in full: the rental now, and the security deposit held on the card beside it', () => {
    expect(paymentSplit(breakdown, 'full')).toEqual({
      payNow: 80000,
      payAtPickup: 0,
      securityDeposit: 50000,
      securityDepositTaken: 'now',
    });
  });

  it('the deposit online: the security deposit now, the rental at pick-up — never the rental twice', () => {
    expect(paymentSplit(breakdown, 'deposit')).toEqual({
      payNow: 50000,
      payAtPickup: 80000,
      securityDeposit: 50000,
      securityDepositTaken: 'now',
    });
    // The report: a 450 € security deposit on a 101.20 € rental charged 101.20 € now, as paying in full does.
    const report = paymentSplit({ total: 10120, deposit: 45000 }, 'deposit');
    expect(report.payNow).toBe(45000);
    expect(report.payNow).not.toBe(paymentSplit({ total: 10120, deposit: 45000 }, 'full').payNow);
    expect(report.payAtPickup).toBe(10120);
  });
});
