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
import { type Block, BookingStore, MARKED_DAYS, matcherOf, PlaceCars } from './place-cars.index.ts';

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

/** The plain reading: a booking that still blocks at `now` (no hold, or a live one) and overlaps [from, to). */
const blocks = (from: number, to: number, now: number, list: readonly Block[]) =>
  list.some((b) => b.start < to && b.end > from && (b.holdExpiresAt === null || b.holdExpiresAt > now));

describe("a car's bookings", () => {
  it('overlap a period exactly when one that still blocks does, scanned (few) or halved (many)', () => {
    const random = randomFrom(8);
    for (const count of [0, 1, 2, 7, 16, 17, 40, 200]) {
      const store = new BookingStore();
      const list: Block[] = [];
      for (let i = 0; i < count; i++) {
        const start = random.below(2000);
        list.push({
          start,
          end: start + 1 + random.below(80),
          holdExpiresAt: random.next() < 0.3 ? random.below(200) : null,
        });
      }
      // Out of order: the store sorts a car's by start.
      store.set('car', list);
      let overlapping = 0;
      for (let query = 0; query < 400; query++) {
        const from = random.below(2100) - 50;
        const to = from + 1 + random.below(120);
        const expected = blocks(from, to, 100, list);
        if (expected) overlapping++;
        expect(store.overlaps('car', from, to, 100), `${count} bookings, [${from}, ${to})`).toBe(expected);
      }
      if (count >= 17) expect(overlapping).toBeGreaterThan(0);
    }
  });
});

/** A car's bookings as a reload hands them over: three numbers each, by start. */
const packedOf = (list: readonly Block[]) =>
  Float64Array.from(
    [...list].sort((a, b) => a.start - b.start).flatMap((b) => [b.start, b.end, b.holdExpiresAt ?? Number.NaN]),
  );

describe("the fleet's bookings in one store", () => {
  const listOf = (random: ReturnType<typeof randomFrom>, most: number): Block[] =>
    Array.from({ length: random.below(most + 1) }, () => {
      const start = random.below(1000);
      return {
        start,
        end: start + 1 + random.below(300),
        holdExpiresAt: random.next() < 0.2 ? random.below(100) : null,
      };
    });

  it('keep every car’s own run through rewrites, compactions and a reload', () => {
    const random = randomFrom(40);
    const store = new BookingStore();
    const expected = new Map<string, Block[]>();
    const check = (when: string) => {
      for (let car = 0; car < 60; car++) {
        const list = expected.get(`car-${car}`) ?? [];
        for (const [from, to, now] of [
          [0, 1300, 0],
          [100, 200, 50],
          [500, 520, 150],
          [990, 1000, 0],
        ] as const) {
          expect(store.overlaps(`car-${car}`, from, to, now), `${when}: car-${car} [${from}, ${to}) at ${now}`).toBe(
            blocks(from, to, now, list),
          );
        }
      }
      expect(store.size).toBe([...expected.values()].reduce((sum, list) => sum + list.length, 0));
    };
    // One car at a time, many times over: each rewrite leaves its old run dead, and a full array is compacted.
    for (let write = 0; write < 2000; write++) {
      const carId = `car-${random.below(50)}`;
      const list = listOf(random, 12);
      store.set(carId, list);
      expected.set(carId, list);
      if (write % 250 === 0) check(`after write ${write}`);
    }
    check('after the writes');
    // Laid out in another order (some cars named twice, one with no bookings, most not at all): the named take the
    // first slots in turn, the others follow, every run still the car's own.
    store.arrange(['car-7', 'car-3', 'car-7', 'car-49', 'car-0', 'car-12', 'car-12', 'car-30', 'car-1000']);
    expect(['car-7', 'car-3', 'car-49', 'car-0', 'car-12', 'car-30', 'car-1000'].map((id) => store.slotOf(id))).toEqual(
      [0, 1, 2, 3, 4, 5, 6],
    );
    check('after arranging');
    // The same order again changes nothing: the slots given stay valid, the runs are not laid out again.
    const arrays = store.read();
    store.arrange(['car-7', 'car-3', 'car-49', 'car-0', 'car-12', 'car-30', 'car-1000']);
    expect(store.read()).toBe(arrays);
    expect(store.slotOf('car-49')).toBe(2);
    const slot = store.slotOf('car-7');
    // A reload names some cars: the others have none left; a new car gets a slot, the old keep theirs.
    const reloaded = new Map<string, Block[]>();
    for (let car = 0; car < 60; car += 2) reloaded.set(`car-${car}`, listOf(random, 30));
    return store
      .reload(async (add) => {
        for (const [carId, list] of reloaded) add(carId, packedOf(list));
      })
      .then(() => {
        expected.clear();
        for (const [carId, list] of reloaded) expected.set(carId, list);
        check('after the reload');
        expect(store.slotOf('car-7')).toBe(slot);
        expect(store.overlaps('car-7', 0, 1300, 0)).toBe(false);
      });
  });

  it('answer a search from the runs it read while a reload builds the next ones beside them', async () => {
    const store = new BookingStore();
    store.set('a', [{ start: 100, end: 200, holdExpiresAt: null }]);
    let during = true;
    await store.reload(async (add) => {
      add('a', packedOf([{ start: 300, end: 400, holdExpiresAt: null }]));
      // Not yet swapped: searches meanwhile see the runs as they were.
      during = store.overlaps('a', 150, 160, 0) && !store.overlaps('a', 350, 360, 0);
    });
    expect(during).toBe(true);
    expect(store.overlaps('a', 150, 160, 0)).toBe(false);
    expect(store.overlaps('a', 350, 360, 0)).toBe(true);
  });
});

describe('the day marks', () => {
  // A fleet's bookings over a few months at a day's scale, with holds live and lapsed, bookings that began before the
  // marked days or run past them, and some that end as they start.
  const hour = 3600_000;
  const firstDay = 20_000; // 2024-10-04, in days since the epoch
  const dayAt = (day: number) => (firstDay + day) * 24 * hour;
  const listOf = (random: ReturnType<typeof randomFrom>): Block[] =>
    Array.from({ length: random.below(9) }, () => {
      const start = dayAt(-20) + random.below((MARKED_DAYS + 60) * 24) * hour;
      const hours = random.next() < 0.05 ? 0 : 1 + random.below(random.next() < 0.1 ? 24 * 90 : 24 * 6);
      const hold = random.next() < 0.2 ? start - 5 * hour + random.below(10) * hour : null;
      return { start, end: start + hours * hour, holdExpiresAt: hold };
    });
  const carsOf = (store: BookingStore, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const car = { _id: `car-${String(i).padStart(3, '0')}`, available: true, multimedia: [] } as unknown as Car;
      return { car, supplier: 0, slot: store.slotOf(car._id), ordinal: i, totalsAt: i };
    });

  it('find every car free or taken as its bookings do, through rewrites, a new layout, a reload and time passing', async () => {
    const random = randomFrom(77);
    const store = new BookingStore();
    const expected = new Map<string, Block[]>();
    let cars = carsOf(store, 120);
    for (const { car } of cars) {
      const list = listOf(random);
      store.set(car._id, list);
      expected.set(car._id, list);
    }
    store.markFrom(firstDay);
    let marked = 0;
    const check = (when: string) => {
      const place = new PlaceCars(cars);
      const runs = store.read();
      for (let query = 0; query < 150; query++) {
        // Periods of an hour to a month, most within the marked days, some before or past them.
        const from = dayAt(-10) + random.below((MARKED_DAYS + 30) * 24) * hour + random.pick([0, 30 * 60_000]);
        const to = from + (1 + random.below(random.next() < 0.2 ? 24 * 30 : 24 * 5)) * hour;
        const now = from - random.below(8) * hour;
        const marks = store.marksOver(from, to, place.slots[0] as number, place.slots[place.size - 1] as number);
        if (marks) marked++;
        for (let i = 0; i < place.size; i++) {
          const id = place.cars[i]?.car._id as string;
          expect(place.isBlocked(runs, marks, i, from, to, now), `${when}: ${id} [${from}, ${to}) at ${now}`).toBe(
            blocks(from, to, now, expected.get(id) ?? []),
          );
        }
      }
    };
    check('as marked');
    // Rewrites clear a car's old days and mark its new ones.
    for (let write = 0; write < 300; write++) {
      const carId = `car-${String(random.below(120)).padStart(3, '0')}`;
      const list = listOf(random);
      store.set(carId, list);
      expected.set(carId, list);
    }
    check('after rewrites');
    // A new layout gives every car another slot: the marks follow.
    store.arrange(cars.map(({ car }) => car._id).reverse());
    cars = cars.map((entry) => ({ ...entry, slot: store.slotOf(entry.car._id) }));
    check('after arranging');
    // A reload replaces every run, new cars with it.
    await store.reload(async (add) => {
      expected.clear();
      for (let car = 0; car < 140; car += 1 + random.below(2)) {
        const list = listOf(random);
        expected.set(`car-${String(car).padStart(3, '0')}`, list);
        add(`car-${String(car).padStart(3, '0')}`, packedOf(list));
      }
    });
    cars = carsOf(store, 140);
    check('after the reload');
    // A week on the marks stay; further, they start again from the later day.
    store.markFrom(firstDay + 7);
    check('a week on');
    store.markFrom(firstDay + 40);
    check('forty days on');
    expect(marked).toBeGreaterThan(500);
  });

  it('are asked only within the marked days', () => {
    const store = new BookingStore();
    store.set('a', [{ start: dayAt(3), end: dayAt(4), holdExpiresAt: null }]);
    expect(store.marksOver(dayAt(3), dayAt(4), 0, 0)).toBeNull(); // not yet marked
    store.markFrom(firstDay);
    expect(store.marksOver(dayAt(3), dayAt(4), 0, 0)).not.toBeNull();
    expect(store.marksOver(dayAt(-1), dayAt(1), 0, 0)).toBeNull();
    expect(store.marksOver(dayAt(MARKED_DAYS - 1), dayAt(MARKED_DAYS), 0, 0)).not.toBeNull();
    expect(store.marksOver(dayAt(MARKED_DAYS - 1), dayAt(MARKED_DAYS) + 1, 0, 0)).toBeNull();
  });

  it('let go of the days a car’s bookings no longer lie on, so that its run is not read for them', () => {
    const store = new BookingStore();
    store.markFrom(firstDay);
    const slot = store.slotOf('a');
    const touched = () => ((store.marksOver(dayAt(5), dayAt(6), slot, slot)?.touched[0] ?? 0) >>> slot) & 1;
    store.set('a', [{ start: dayAt(5) + hour, end: dayAt(5) + 2 * hour, holdExpiresAt: null }]);
    expect(touched()).toBe(1);
    store.set('a', [{ start: dayAt(9), end: dayAt(10), holdExpiresAt: null }]);
    expect(touched()).toBe(0);
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
  const store = new BookingStore();
  // Listed out of id order: the place orders them by id.
  const cars = Array.from({ length: 300 }, (_, i) => {
    const car = carAt((i * 7) % 300);
    return { car, supplier: i % 3, slot: store.slotOf(car._id), ordinal: i, totalsAt: i };
  });
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

  it('are ranked by id, the results’ last tie-break, and walked by slot, the store’s layout', () => {
    const byRank = [...place.cars.keys()].sort((a, b) => (place.rank[a] as number) - (place.rank[b] as number));
    const ids = byRank.map((i) => place.cars[i]?.car._id);
    expect(ids).toEqual([...ids].sort());
    // Slots in reverse ordinal order: walked so, whatever their ids.
    const laidOut = new PlaceCars(cars.map((car) => ({ ...car, slot: cars.length - 1 - car.ordinal })));
    expect(laidOut.cars.map(({ ordinal }) => ordinal)).toEqual(cars.map((_, i) => cars.length - 1 - i));
    expect(laidOut.cars.map((_, i) => laidOut.cars[laidOut.rank.indexOf(i)]?.car._id)).toEqual(
      [...cars.map(({ car }) => car._id)].sort(),
    );
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

  it('read their bookings from the fleet’s store, each change at once', () => {
    const first = place.cars[0]?.car._id as string;
    const last = place.cars[place.size - 1]?.car._id as string;
    const blocked = (i: number) => place.isBlocked(store.read(), null, i, 100, 200, 0);
    expect(blocked(0)).toBe(false);
    store.set(first, [{ start: 150, end: 250, holdExpiresAt: null }]);
    expect(blocked(0)).toBe(true);
    expect(blocked(place.size - 1)).toBe(false);
    store.set(last, [{ start: 50, end: 101, holdExpiresAt: null }]);
    expect(blocked(place.size - 1)).toBe(true);
    store.set(first, []);
    expect(blocked(0)).toBe(false);
    expect(blocked(place.size - 1)).toBe(true);
  });
});
