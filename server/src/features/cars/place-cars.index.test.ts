import type { Car, CarFilters } from '@roam/contract/cars';
import {
  CarFiltersSchema,
  CarOptionSchema,
  CarRangeSchema,
  FuelPolicySchema,
  FuelTypeSchema,
  GearboxSchema,
} from '@roam/contract/cars.schema';
import { describe, expect, it } from 'vitest';
import { type Block, CarBlocks, matcherOf, PlaceCars } from './place-cars.index.ts';

// The search's typed layout against the plain reading of each rule, on seeded random cars, bookings and
// filters: the cars tests check the search end to end on the demo fleet; these reach the cases a small fleet lacks
// (a car with many bookings, every combination of filters).

/** A seeded generator (mulberry32), so that a failure reproduces. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]) => values[below(values.length)] as T;
  const some = <T>(values: readonly T[], chance: number) => values.filter(() => next() < chance);
  return { next, below, pick, some };
}

describe("a car's bookings", () => {
  const blocks = (from: number, to: number, now: number, list: Block[]) =>
    list.some((b) => b.start < to && b.end > from && (b.holdExpiresAt === null || b.holdExpiresAt > now));

  it('overlap a period exactly when one that still blocks does, scanned (few) or halved (many)', () => {
    const random = randomFrom(8);
    for (const count of [0, 1, 2, 7, 16, 17, 40, 200]) {
      const car = new CarBlocks();
      const list: Block[] = [];
      for (let i = 0; i < count; i++) {
        const start = random.below(2000);
        const block = {
          start,
          end: start + 1 + random.below(80),
          holdExpiresAt: random.next() < 0.3 ? random.below(200) : null,
        };
        car.set(`booking-${i}`, block);
        list.push(block);
      }
      let overlapping = 0;
      for (let query = 0; query < 400; query++) {
        const from = random.below(2100) - 50;
        const to = from + 1 + random.below(120);
        const expected = blocks(from, to, 100, list);
        if (expected) overlapping++;
        expect(car.overlaps(from, to, 100), `${count} bookings, [${from}, ${to})`).toBe(expected);
      }
      if (count >= 17) expect(overlapping).toBeGreaterThan(0);
    }
  });
});

describe("a car's bookings, kept compact", () => {
  it('are kept by id: a second set moves one, a delete removes it, the rentals read back by start', () => {
    const car = new CarBlocks();
    car.set('b', { start: 300, end: 400, holdExpiresAt: null, rental: 'paid' });
    car.set('a', { start: 100, end: 200, holdExpiresAt: 150, rental: 'void' });
    car.set('c', { start: 500, end: 600, holdExpiresAt: null });
    car.set('d', { start: 50, end: 700, holdExpiresAt: null, rental: 'reserved' });
    expect(car.size).toBe(4);
    // Neither the unpaid hold ('void') nor the blocked period ('c') is a driver's rental.
    expect(car.rentalsAfter(0)).toEqual([
      { id: 'd', start: 50, end: 700, status: 'reserved' },
      { id: 'b', start: 300, end: 400, status: 'paid' },
    ]);
    expect(car.rentalsAfter(450).map((rental) => rental.id)).toEqual(['d']);
    car.set('b', { start: 800, end: 900, holdExpiresAt: null, rental: 'deposit' });
    expect(car.size).toBe(4);
    expect(car.overlaps(750, 790, 0)).toBe(false);
    expect(car.overlaps(850, 860, 0)).toBe(true);
    // The long booking 'd' spans the blocked period: the latest end before it still reaches past 600.
    expect(car.overlaps(650, 660, 0)).toBe(true);
    car.delete('d');
    car.delete('unknown');
    expect(car.overlaps(650, 660, 0)).toBe(false);
    // The hold lapses at 150: blocking before, not after.
    expect(car.overlaps(120, 130, 140)).toBe(true);
    expect(car.overlaps(120, 130, 160)).toBe(false);
    expect(car.rentalsAfter(0)).toEqual([{ id: 'b', start: 800, end: 900, status: 'deposit' }]);
    car.fill([{ id: 'e', start: 10, end: 20, holdExpiresAt: null, rental: 'pending' }]);
    expect(car.size).toBe(1);
    expect(car.overlaps(850, 860, 0)).toBe(false);
    car.clear();
    expect(car.size).toBe(0);
    expect(car.rentalsAfter(0)).toEqual([]);
  });
});

describe("a place's cars", () => {
  const random = randomFrom(2026);
  const carAt = (i: number): Car =>
    ({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      range: random.pick(CarRangeSchema.options),
      fuelType: random.pick(FuelTypeSchema.options),
      gearbox: random.pick(GearboxSchema.options),
      fuelPolicy: random.pick(FuelPolicySchema.options),
      multimedia: random.some(CarOptionSchema.options, 0.5),
      aircon: random.next() < 0.7,
      doors: random.pick([2, 3, 4, 5]),
      seats: random.pick([2, 4, 5, 7, 9]),
      mileage: random.next() < 0.4 ? -1 : random.pick([200, 500]),
      rating: random.next() < 0.2 ? null : 1 + random.below(5),
      deposit: random.pick([0, 25_000, 50_000, 75_000, 100_000]),
      available: random.next() < 0.9,
      fullyBooked: random.next() < 0.1,
      comingSoon: random.next() < 0.05,
      isDateBasedPrice: random.next() < 0.1,
    }) as Car;
  // Listed out of id order: the place orders them by id.
  const cars = Array.from({ length: 300 }, (_, i) => ({
    car: carAt((i * 7) % 300),
    supplier: i % 3,
    blocks: new CarBlocks(),
    ordinal: i,
  }));
  const place = new PlaceCars(cars);

  /** Each filter as the spec states it (cars.test.ts holds the search to the same readings). */
  function reference(filters: CarFilters, car: Car): boolean {
    const oneOf = <T>(chosen: readonly T[], value: T) => chosen.length === 0 || chosen.includes(value);
    const { minRating, seats, maxDeposit, specs, mileage } = filters;
    return (
      oneOf(filters.ranges, car.range) &&
      oneOf(filters.fuelTypes, car.fuelType) &&
      oneOf(filters.gearboxes, car.gearbox) &&
      oneOf(filters.fuelPolicies, car.fuelPolicy) &&
      (minRating === undefined || (car.rating !== null && car.rating >= minRating)) &&
      (seats === undefined || (seats === '5+' ? car.seats > 5 : car.seats === Number(seats))) &&
      (!specs.includes('aircon') || car.aircon) &&
      (!specs.includes('doors4plus') || car.doors >= 4) &&
      (!specs.includes('seats5plus') || car.seats >= 5) &&
      filters.multimedia.every((option) => car.multimedia.includes(option)) &&
      (mileage.length !== 1 || (car.mileage === -1) === (mileage[0] === 'unlimited')) &&
      (maxDeposit === undefined || car.deposit <= maxDeposit)
    );
  }

  it('are kept in id order, the results’ last tie-break', () => {
    const ids = place.cars.map(({ car }) => car._id);
    expect(ids).toEqual([...ids].sort());
  });

  it('match each combination of filters exactly as the plain reading of each rule', () => {
    const filterRandom = randomFrom(14);
    let narrowed = 0;
    for (let round = 0; round < 500; round++) {
      const filters = CarFiltersSchema.parse({
        ranges: filterRandom.some(CarRangeSchema.options, 0.15),
        fuelTypes: filterRandom.some(FuelTypeSchema.options, 0.15),
        gearboxes: filterRandom.some(GearboxSchema.options, 0.15),
        fuelPolicies: filterRandom.some(FuelPolicySchema.options, 0.15),
        multimedia: filterRandom.some(CarOptionSchema.options, 0.1),
        specs: filterRandom.some(['aircon', 'doors4plus', 'seats5plus'], 0.15),
        mileage: filterRandom.some(['limited', 'unlimited'], 0.3),
        ...(filterRandom.next() < 0.3 && { minRating: 1 + filterRandom.below(4) }),
        ...(filterRandom.next() < 0.3 && { seats: filterRandom.pick(['2', '4', '5', '5+']) }),
        ...(filterRandom.next() < 0.3 && { maxDeposit: filterRandom.pick([0, 30_000, 50_000, 100_000]) }),
      });
      const matches = matcherOf(filters);
      const found = place.cars.filter((_, i) => matches === null || matches(place, i)).map(({ car }) => car._id);
      const expected = place.cars.filter(({ car }) => reference(filters, car)).map(({ car }) => car._id);
      expect(found, JSON.stringify(filters)).toEqual(expected);
      if (expected.length > 0 && expected.length < place.size) narrowed++;
    }
    // The rounds were not all trivially empty or full.
    expect(narrowed).toBeGreaterThan(100);
  });

  it('read their bookings from a copy that follows every change to them', () => {
    const first = place.cars[0] as (typeof cars)[number];
    const last = place.cars[place.size - 1] as (typeof cars)[number];
    const blocked = (i: number) => {
      place.syncBookings();
      return place.isBlocked(i, 100, 200, 0);
    };
    expect(blocked(0)).toBe(false);
    first.blocks.set('a', { start: 150, end: 250, holdExpiresAt: null });
    expect(blocked(0)).toBe(true);
    expect(blocked(place.size - 1)).toBe(false);
    last.blocks.set('b', { start: 50, end: 101, holdExpiresAt: null });
    expect(blocked(place.size - 1)).toBe(true);
    first.blocks.delete('a');
    expect(blocked(0)).toBe(false);
    last.blocks.clear();
    expect(blocked(place.size - 1)).toBe(false);
  });
});
