import { describe, expect, it } from 'vitest';
import { DateStringSchema, TimeStringSchema } from './time.schema.ts';
import {
  ageOn,
  instantToZoned,
  type RentalPeriodRules,
  rentalDays,
  rentalHours,
  validateRentalPeriod,
  zonedToInstant,
} from './time.ts';

// docs/architecture.md §5 "Time"; spec §5 date messages and minimum age.

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const iso = (date: Date) => date.toISOString();

describe('zonedToInstant / instantToZoned', () => {
  it('applies the winter and summer offsets', () => {
    expect(iso(zonedToInstant({ date: '2025-01-15', time: '10:00' }, PARIS))).toBe('2025-01-15T09:00:00.000Z');
    expect(iso(zonedToInstant({ date: '2025-07-15', time: '10:00' }, PARIS))).toBe('2025-07-15T08:00:00.000Z');
    expect(iso(zonedToInstant({ date: '2025-07-04', time: '12:00' }, NEW_YORK))).toBe('2025-07-04T16:00:00.000Z');
    expect(iso(zonedToInstant({ date: '2025-06-01', time: '10:00' }, 'Asia/Kolkata'))).toBe('2025-06-01T04:30:00.000Z');
  });

  it('moves a time skipped by spring-forward to the first valid instant', () => {
    // Paris 2025-03-30: 02:00 jumps to 03:00; New York 2025-03-09 likewise.
    const paris = zonedToInstant({ date: '2025-03-30', time: '02:30' }, PARIS);
    expect(iso(paris)).toBe('2025-03-30T01:00:00.000Z');
    expect(instantToZoned(paris, PARIS)).toEqual({ date: '2025-03-30', time: '03:00' });
    expect(iso(zonedToInstant({ date: '2025-03-09', time: '02:15' }, NEW_YORK))).toBe('2025-03-09T07:00:00.000Z');
  });

  it('takes the earlier instant for a time repeated by fall-back', () => {
    // Paris 2025-10-26 03:00 CEST → 02:00 CET; New York 2025-11-02 02:00 EDT → 01:00 EST.
    expect(iso(zonedToInstant({ date: '2025-10-26', time: '02:30' }, PARIS))).toBe('2025-10-26T00:30:00.000Z');
    expect(iso(zonedToInstant({ date: '2025-11-02', time: '01:30' }, NEW_YORK))).toBe('2025-11-02T05:30:00.000Z');
  });

  it('reads instants back as local wall-clock times, across midnight and the DST switch', () => {
    expect(instantToZoned(new Date('2025-01-01T03:00:00Z'), NEW_YORK)).toEqual({ date: '2024-12-31', time: '22:00' });
    expect(instantToZoned(new Date('2025-03-30T00:59:00Z'), PARIS)).toEqual({ date: '2025-03-30', time: '01:59' });
    expect(instantToZoned(new Date('2025-03-30T01:00:00Z'), PARIS)).toEqual({ date: '2025-03-30', time: '03:00' });
  });

  it('round-trips every half hour of the New York spring-forward week', () => {
    const start = Date.parse('2025-03-06T05:00:00Z');
    for (let instant = start; instant < start + 7 * 24 * 3_600_000; instant += 1_800_000) {
      const wallClock = instantToZoned(new Date(instant), NEW_YORK);
      expect(zonedToInstant(wallClock, NEW_YORK).getTime()).toBe(instant);
    }
  });

  it('gives Invalid Date for a date or time that does not exist on any calendar', () => {
    expect(zonedToInstant({ date: '2025-02-29', time: '10:00' }, PARIS).getTime()).toBeNaN();
    expect(zonedToInstant({ date: '2025-02-28', time: '24:00' }, PARIS).getTime()).toBeNaN();
  });
});

describe('rental duration', () => {
  it('counts real elapsed hours across the spring-forward night', () => {
    const pickup = zonedToInstant({ date: '2025-03-29', time: '10:00' }, PARIS);
    const dropoff = zonedToInstant({ date: '2025-03-31', time: '10:00' }, PARIS);
    expect(rentalHours(pickup, dropoff)).toBe(47);
    expect(rentalDays(pickup, dropoff)).toBe(2);
  });

  it('counts real elapsed hours across the fall-back night', () => {
    const pickup = zonedToInstant({ date: '2025-11-01', time: '10:00' }, NEW_YORK);
    const dropoff = zonedToInstant({ date: '2025-11-03', time: '10:00' }, NEW_YORK);
    expect(rentalHours(pickup, dropoff)).toBe(49);
    expect(rentalDays(pickup, dropoff)).toBe(3);
  });

  it('counts started hours and at least one day', () => {
    const pickup = new Date('2025-06-02T08:00:00Z');
    const after = (minutes: number) => new Date(pickup.getTime() + minutes * 60_000);
    expect([10, 61, 24 * 60, 24 * 60 + 1].map((m) => rentalHours(pickup, after(m)))).toEqual([1, 2, 24, 25]);
    expect([10, 24 * 60, 24 * 60 + 1].map((m) => rentalDays(pickup, after(m)))).toEqual([1, 1, 2]);
  });
});

describe('ageOn', () => {
  it('adds a year on the birthday, not the day before', () => {
    expect(ageOn('2004-06-15', new Date('2025-06-14T12:00:00Z'))).toBe(20);
    expect(ageOn('2004-06-15', new Date('2025-06-15T12:00:00Z'))).toBe(21);
    expect(ageOn('2004-06-15', new Date('2025-06-16T12:00:00Z'))).toBe(21);
  });

  it('reads the day in the given time zone', () => {
    const lateOn14th = new Date('2025-06-14T23:30:00Z');
    expect(ageOn('2004-06-15', lateOn14th)).toBe(20);
    expect(ageOn('2004-06-15', lateOn14th, 'Pacific/Auckland')).toBe(21);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2004-02-29', new Date('2025-02-28T12:00:00Z'))).toBe(20);
    expect(ageOn('2004-02-29', new Date('2025-03-01T12:00:00Z'))).toBe(21);
  });
});

describe('date and time strings', () => {
  it('accepts only real calendar dates as YYYY-MM-DD', () => {
    expect(['2024-02-29', '2025-12-31'].map((d) => DateStringSchema.safeParse(d).success)).toEqual([true, true]);
    const refused = ['2025-02-29', '2025-13-01', '2025-04-31', '2025-1-01', '2025-01-01T00:00'];
    expect(refused.map((d) => DateStringSchema.safeParse(d).success)).toEqual(refused.map(() => false));
  });

  it('accepts only 24-hour HH:mm times', () => {
    expect(['00:00', '23:59'].map((t) => TimeStringSchema.safeParse(t).success)).toEqual([true, true]);
    expect(['24:00', '7:00', '12:60'].map((t) => TimeStringSchema.safeParse(t).success)).toEqual([false, false, false]);
  });
});

describe('validateRentalPeriod', () => {
  const rules: RentalPeriodRules = {
    minPickupLeadHours: 2,
    minRentalHours: 4,
    earliestPickupHour: 7,
    latestPickupHour: 22,
    earliestDropoffHour: 8,
    latestDropoffHour: 20,
    maxRentalDays: 30,
  };
  const now = new Date('2025-07-01T06:00:00Z'); // 08:00 in Paris
  const paris = (date: string, time: string) => zonedToInstant({ date, time }, PARIS);
  const check = (pickupAt: Date, dropoffAt: Date, dropoffTimeZone = PARIS) =>
    validateRentalPeriod({ pickupAt, dropoffAt, now, pickupTimeZone: PARIS, dropoffTimeZone, rules });

  it('accepts a period that keeps every rule, at both ends of the opening hours', () => {
    expect(check(paris('2025-07-02', '10:00'), paris('2025-07-05', '10:00'))).toEqual([]);
    expect(check(paris('2025-07-02', '07:00'), paris('2025-07-02', '20:00'))).toEqual([]);
    expect(check(paris('2025-07-02', '22:00'), paris('2025-07-03', '08:00'))).toEqual([]);
  });

  it('flags a pick-up sooner than the lead time', () => {
    expect(check(paris('2025-07-01', '09:00'), paris('2025-07-02', '10:00'))).toEqual(['pickupTooSoon']);
    expect(check(paris('2025-07-01', '10:00'), paris('2025-07-02', '10:00'))).toEqual([]);
  });

  it('flags a rental shorter than the minimum duration', () => {
    expect(check(paris('2025-07-02', '10:00'), paris('2025-07-02', '13:00'))).toEqual(['durationTooShort']);
  });

  it('flags a rental longer than the maximum, to the hour (second audit, item 10)', () => {
    expect(check(paris('2025-07-02', '10:00'), paris('2025-08-01', '10:00'))).toEqual([]);
    expect(check(paris('2025-07-02', '10:00'), paris('2025-08-01', '11:00'))).toEqual(['durationTooLong']);
    expect(check(paris('2025-07-02', '10:00'), paris('2327-07-02', '10:00'))).toEqual(['durationTooLong']);
  });

  it("flags a pick-up outside opening hours at the pick-up location's local time", () => {
    const dropoff = paris('2025-07-05', '10:00');
    expect(check(paris('2025-07-02', '22:30'), dropoff)).toEqual(['invalidPickupTime']);
    expect(check(paris('2025-07-02', '06:59'), dropoff)).toEqual(['invalidPickupTime']);
    expect(check(new Date(Number.NaN), dropoff)).toEqual(['invalidPickupTime']);
  });

  it("flags a drop-off outside opening hours at the drop-off location's local time, or not after pick-up", () => {
    const pickup = paris('2025-07-02', '10:00');
    expect(check(pickup, paris('2025-07-05', '20:30'))).toEqual(['invalidDropoffTime']);
    // 16:00 in Paris is 10:00 in New York: open there.
    expect(check(pickup, paris('2025-07-05', '16:00'), NEW_YORK)).toEqual([]);
    expect(check(pickup, paris('2025-07-05', '10:00'), NEW_YORK)).toEqual(['invalidDropoffTime']);
    expect(check(pickup, pickup)).toEqual(['invalidDropoffTime']);
    expect(check(pickup, paris('2025-07-01', '12:00'))).toEqual(['invalidDropoffTime']);
    expect(check(pickup, new Date(Number.NaN))).toEqual(['invalidDropoffTime']);
  });
});
