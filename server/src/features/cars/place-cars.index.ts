import type { AvailabilityLabel, Car, CarFilters } from '@roam/contract/cars';
import {
  CarOptionSchema,
  CarRangeSchema,
  FuelPolicySchema,
  FuelTypeSchema,
  GearboxSchema,
} from '@roam/contract/cars.schema';

// The cars of one place laid out for the search. A search tests every car offered at a place — a city
// has ~1,800 on the 10k fleet — and its time went to reaching each car's object, its booking list and that list's
// array in memory, not to the tests: a CPU profile put half of a search in the first touch of each. Here each
// field a search tests is one typed array over the place's cars, and the bookings are read from one array over the
// fleet (BookingStore) through each car's slot, so a search touches a car's object only when the car is on the page
// (or is priced by date).

/** Spec §3 labels: coming soon and unavailable win over fully booked; only `available` cars can be booked. */
export function availabilityOf(car: Pick<Car, 'available' | 'fullyBooked' | 'comingSoon'>): AvailabilityLabel {
  if (car.comingSoon) return 'comingSoon';
  if (!car.available) return 'unavailable';
  if (car.fullyBooked) return 'fullyBooked';
  return 'available';
}

/** A blocking booking's period and, for a hold, its expiry (null for a booking that blocks for good): epoch ms. */
export type Block = { start: number; end: number; holdExpiresAt: number | null };

// A booking in `BookingStore.times`: its start and the latest end of its car's bookings up to it, which the overlap
// test reads for every car, in order; then its end and its hold's expiry (NaN for good), read only where a booking
// may overlap.
const START = 0;
const LATEST_END = 1;
const END = 2;
const HOLD = 3;
const STRIDE = 4;
/** Up to this many bookings a car's are scanned in order (their keys fit four cache lines), above it halved. */
const SCAN_AT_MOST = 16;

/** Whether a booking among [first, last) of `times` that still blocks at `now` overlaps [from, to). */
export function overlapsIn(times: Float64Array, first: number, last: number, from: number, to: number, now: number) {
  // The bookings starting before `to` are [first, after); of those, only the ones ending after `from` overlap, and
  // the latest end up to each tells when none further back can.
  let after = first;
  if (last - first <= SCAN_AT_MOST) {
    while (after < last && (times[STRIDE * after + START] as number) < to) after++;
  } else {
    let end = last;
    while (after < end) {
      const middle = (after + end) >>> 1;
      if ((times[STRIDE * middle + START] as number) < to) after = middle + 1;
      else end = middle;
    }
  }
  for (let at = after - 1; at >= first && (times[STRIDE * at + LATEST_END] as number) > from; at--) {
    const hold = times[STRIDE * at + HOLD] as number;
    if ((times[STRIDE * at + END] as number) > from && !(hold <= now)) return true;
  }
  return false;
}

/** The store's arrays as one search reads them (they are replaced, never changed under a running search). */
export type BookingRuns = { times: Float64Array; first: Uint32Array; count: Uint32Array };

/**
 * Every car's blocking bookings in one typed array over the whole fleet: each car's a run sorted by start, found by
 * its slot (`slotOf`, fixed for the process's life) in `first` and `count`. At 100k cars and a million held
 * bookings, a typed array per car (each with its own buffer and objects) and a string of its bookings' ids were
 * most of a process's memory (bench/README.md, "Where a process's memory goes"); here a booking is 32 bytes and a
 * car 8. No id is kept: a change to any of a car's bookings replaces the car's whole run, read again from the
 * database (search.index.ts). A replaced run is written after the others, its old place left dead until the array is
 * full, when the live runs are copied once into an array half as large again as they need.
 */
export class BookingStore {
  private readonly slots = new Map<string, number>();
  private runs: BookingRuns = { times: new Float64Array(0), first: new Uint32Array(0), count: new Uint32Array(0) };
  /** Bookings written in `times` (live and dead), and the live ones. */
  private used = 0;
  private live = 0;
  /** The slots in the order their runs are laid out at each compaction (`arrange`), then any other slot. */
  private order: Uint32Array = new Uint32Array(0);

  /** The car's slot, given on first sight. */
  slotOf(carId: string): number {
    let slot = this.slots.get(carId);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(carId, slot);
    }
    return slot;
  }

  /** The arrays a search reads: valid until the next write. */
  read(): BookingRuns {
    return this.runs;
  }

  get size() {
    return this.live;
  }

  overlaps(carId: string, from: number, to: number, now: number): boolean {
    const slot = this.slots.get(carId);
    if (slot === undefined || slot >= this.runs.count.length) return false;
    const { times, first, count } = this.runs;
    const start = first[slot] as number;
    return overlapsIn(times, start, start + (count[slot] as number), from, to, now);
  }

  /** Replaces one car's bookings with `list`. */
  set(carId: string, list: readonly Block[]) {
    const sorted = list.every((block, i) => i === 0 || (list[i - 1] as Block).start <= block.start)
      ? list
      : [...list].sort((a, b) => a.start - b.start);
    const packed = new Float64Array(3 * sorted.length);
    for (const [i, { start, end, holdExpiresAt }] of sorted.entries()) {
      packed.set([start, end, holdExpiresAt ?? Number.NaN], 3 * i);
    }
    this.setPacked(carId, packed);
  }

  /**
   * Replaces one car's bookings with `packed`: three numbers a booking (start, end, hold expiry or NaN), sorted by
   * start — the reload's form, read from the database as bytes without an object a booking (cars.repository.ts).
   */
  setPacked(carId: string, packed: Float64Array) {
    const slot = this.slotOf(carId);
    const n = packed.length / 3;
    this.fit(slot, n);
    const { times, first, count } = this.runs;
    this.live += n - (count[slot] as number);
    first[slot] = this.used;
    count[slot] = n;
    let latest = Number.NEGATIVE_INFINITY;
    let at = STRIDE * this.used;
    for (let k = 0; k < 3 * n; k += 3) {
      const end = packed[k + 1] as number;
      latest = Math.max(latest, end);
      times[at + START] = packed[k] as number;
      times[at + LATEST_END] = latest;
      times[at + END] = end;
      times[at + HOLD] = packed[k + 2] as number;
      at += STRIDE;
    }
    this.used += n;
  }

  /**
   * Replaces every car's bookings: `load` hands over each car's list once (a car it does not name has none). The
   * runs are built beside the ones searches read, which stay whole until the new ones replace them.
   */
  async reload(load: (add: (carId: string, packed: Float64Array) => void) => Promise<void>) {
    const built = new BookingStore();
    // The same slots (the fleet's cars carry them), laid out in the same order.
    for (const [carId, slot] of this.slots) built.slots.set(carId, slot);
    built.order = this.order;
    await load((carId, packed) => built.setPacked(carId, packed));
    for (const [carId, slot] of built.slots) this.slots.set(carId, slot);
    built.fit(this.slots.size - 1, 0);
    // Grown by half at a time while loading: kept with a tenth to spare.
    built.compact(Math.ceil(built.live * 1.1));
    this.runs = built.runs;
    this.used = built.used;
    this.live = built.live;
  }

  /** Makes room for slot `slot` and for `more` bookings at the end. */
  private fit(slot: number, more: number) {
    const { times, first, count } = this.runs;
    if (slot >= count.length) {
      const slots = Math.max(slot + 1, Math.ceil(count.length * 1.5), 64);
      this.runs = { times, first: new Uint32Array(slots), count: new Uint32Array(slots) };
      this.runs.first.set(first);
      this.runs.count.set(count);
    }
    if (this.used + more > this.runs.times.length / STRIDE) this.compact(Math.ceil((this.live + more) * 1.5));
  }

  /**
   * Lays the runs out in the order of `order` (slots): a search walks a place's cars in that order (PlaceCars), so
   * their bookings are read one after the other from memory rather than from all over the array (at 10× the scan's
   * first touch of each car's run was most of a search).
   */
  arrange(order: Uint32Array) {
    this.order = order;
    this.compact(Math.ceil(this.live * 1.1));
  }

  /** Copies the live runs, in `order` then any other slot, into new arrays of `capacity` bookings: the dead are left behind. */
  private compact(capacity: number) {
    const { times, first, count } = this.runs;
    const copy = new Float64Array(STRIDE * Math.max(64, capacity));
    const copied = new Uint8Array(count.length);
    let at = 0;
    const move = (slot: number) => {
      if (slot >= count.length || copied[slot] === 1) return;
      copied[slot] = 1;
      const n = count[slot] as number;
      const from = first[slot] as number;
      copy.set(times.subarray(STRIDE * from, STRIDE * (from + n)), STRIDE * at);
      first[slot] = at;
      at += n;
    };
    for (const slot of this.order) move(slot);
    for (let slot = 0; slot < count.length; slot++) move(slot);
    this.runs = { times: copy, first, count };
    this.used = at;
  }
}

/**
 * A car as a place lists it: the car, its supplier's slot in the fleet's list, its slot in the booking store, its
 * index in the fleet, and its index in the search's kept totals of its kind (search.index.ts, FleetTotals: shared by
 * every place).
 */
export type PlaceCar = { car: Car; supplier: number; slot: number; ordinal: number; totalsAt: number };

// One bit of `PlaceCars.kinds` per value of each listed field, then one per yes/no question a filter asks.
let nextBit = 0;
const bitsOf = <T extends string>(values: readonly T[]) => new Map(values.map((value) => [value, 1 << nextBit++]));
const RANGE = bitsOf(CarRangeSchema.options);
const FUEL_TYPE = bitsOf(FuelTypeSchema.options);
const GEARBOX = bitsOf(GearboxSchema.options);
const FUEL_POLICY = bitsOf(FuelPolicySchema.options);
const OPTION = bitsOf(CarOptionSchema.options);
const AIRCON = 1 << nextBit++;
const DOORS_4_PLUS = 1 << nextBit++;
const SEATS_5_PLUS = 1 << nextBit++;
const UNLIMITED_MILEAGE = 1 << nextBit++;
/** Available (availabilityOf): bookable, listed first. */
export const BOOKABLE = 1 << nextBit++;
/** Priced by date (its price depends on the dates, not only on the rental's length). */
export const DATE_BASED = 1 << nextBit++;
// Bit 31 would make the masks negative numbers.
if (nextBit > 31) throw new Error('PlaceCars.kinds holds at most 31 bits');

export class PlaceCars<T extends PlaceCar = PlaceCar> {
  /** The cars, in the order of their bookings in the store (`layout`: BookingStore.arrange). */
  readonly cars: T[];
  /** Each car's rank by id among the place's: the results' last tie-break. */
  readonly rank: Uint32Array;
  /** The bits above, per car. */
  readonly kinds: Uint32Array;
  readonly seats: Float64Array;
  /** −1 when not rated. */
  readonly rating: Float64Array;
  readonly deposit: Float64Array;
  /** The supplier's slot in the fleet's list. */
  readonly supplier: Uint32Array;
  /** Each car's index in the fleet. */
  readonly ordinals: Uint32Array;
  /** Each car's index in the kept totals of its kind (by length, or by period for a car priced by date). */
  readonly totalsAt: Uint32Array;
  /** Each car's slot in the fleet's booking store. */
  readonly slots: Uint32Array;

  /** `layout`: each car's position in the store's order, by ordinal (the cars are walked in that order). */
  constructor(cars: Iterable<T>, layout?: Uint32Array) {
    const byId = [...cars].sort((a, b) => (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0));
    const rankOf = new Map(byId.map((car, rank) => [car, rank]));
    this.cars = layout ? [...byId].sort((a, b) => (layout[a.ordinal] as number) - (layout[b.ordinal] as number)) : byId;
    const count = this.cars.length;
    this.rank = Uint32Array.from(this.cars, (car) => rankOf.get(car) as number);
    this.kinds = new Uint32Array(count);
    this.seats = new Float64Array(count);
    this.rating = new Float64Array(count);
    this.deposit = new Float64Array(count);
    this.supplier = new Uint32Array(count);
    this.ordinals = new Uint32Array(count);
    this.slots = new Uint32Array(count);
    this.totalsAt = new Uint32Array(count);
    for (const [i, { car, supplier, ordinal, slot, totalsAt }] of this.cars.entries()) {
      let kinds = (RANGE.get(car.range) ?? 0) | (FUEL_TYPE.get(car.fuelType) ?? 0) | (GEARBOX.get(car.gearbox) ?? 0);
      kinds |= FUEL_POLICY.get(car.fuelPolicy) ?? 0;
      for (const option of car.multimedia) kinds |= OPTION.get(option) ?? 0;
      if (car.aircon) kinds |= AIRCON;
      if (car.doors >= 4) kinds |= DOORS_4_PLUS;
      if (car.seats >= 5) kinds |= SEATS_5_PLUS;
      if (car.mileage === -1) kinds |= UNLIMITED_MILEAGE;
      if (availabilityOf(car) === 'available') kinds |= BOOKABLE;
      if (car.isDateBasedPrice) kinds |= DATE_BASED;
      this.kinds[i] = kinds;
      this.seats[i] = car.seats;
      this.rating[i] = car.rating ?? -1;
      this.deposit[i] = car.deposit;
      this.supplier[i] = supplier;
      this.ordinals[i] = ordinal;
      this.slots[i] = slot;
      this.totalsAt[i] = totalsAt;
    }
  }

  get size() {
    return this.cars.length;
  }

  /** Whether car i has a booking that blocks at `now` over [from, to), in `runs` (the store's, read once a search). */
  isBlocked({ times, first, count }: BookingRuns, i: number, from: number, to: number, now: number): boolean {
    const slot = this.slots[i] as number;
    if (slot >= count.length) return false;
    const start = first[slot] as number;
    return overlapsIn(times, start, start + (count[slot] as number), from, to, now);
  }
}

/**
 * A test of car i of a place for every filter but the supplier filter (the supplier counts are taken without it),
 * or null when the search sets none.
 */
export function matcherOf(filters: CarFilters): ((place: PlaceCars, i: number) => boolean) | null {
  const maskOf = <K extends string>(bits: Map<K, number>, chosen: readonly K[]) =>
    chosen.reduce((mask, value) => mask | (bits.get(value) ?? 0), 0);
  // Each chosen list: at least one of its values.
  const anyOf = [
    maskOf(RANGE, filters.ranges),
    maskOf(FUEL_TYPE, filters.fuelTypes),
    maskOf(GEARBOX, filters.gearboxes),
    maskOf(FUEL_POLICY, filters.fuelPolicies),
  ].filter((mask) => mask !== 0);
  // Every chosen option and spec.
  let all = maskOf(OPTION, filters.multimedia);
  if (filters.specs.includes('aircon')) all |= AIRCON;
  if (filters.specs.includes('doors4plus')) all |= DOORS_4_PLUS;
  if (filters.specs.includes('seats5plus')) all |= SEATS_5_PLUS;
  let none = 0;
  if (filters.mileage.length === 1) {
    if (filters.mileage[0] === 'unlimited') all |= UNLIMITED_MILEAGE;
    else none |= UNLIMITED_MILEAGE;
  }
  const { minRating, seats, maxDeposit } = filters;
  if (anyOf.length === 0 && all === 0 && none === 0 && minRating === undefined && !seats && maxDeposit === undefined) {
    return null;
  }
  // Unset bounds pass every car; an unrated car (−1) is below every minimum rating (1–4).
  const leastRating = minRating ?? Number.NEGATIVE_INFINITY;
  const mostDeposit = maxDeposit ?? Number.POSITIVE_INFINITY;
  const leastSeats = seats === undefined ? Number.NEGATIVE_INFINITY : seats === '5+' ? 6 : Number(seats);
  const mostSeats = seats === undefined || seats === '5+' ? Number.POSITIVE_INFINITY : Number(seats);
  return (place, i) => {
    const kinds = place.kinds[i] as number;
    if ((kinds & all) !== all || (kinds & none) !== 0) return false;
    for (const mask of anyOf) if ((kinds & mask) === 0) return false;
    const carSeats = place.seats[i] as number;
    return (
      carSeats >= leastSeats &&
      carSeats <= mostSeats &&
      (place.rating[i] as number) >= leastRating &&
      (place.deposit[i] as number) <= mostDeposit
    );
  };
}
