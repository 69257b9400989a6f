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
// test reads for every car it tests, in order; then its end and its hold's expiry (NaN for good), read only where a
// booking may overlap. One booking's four numbers share a cache line: a search reads few bookings of a car (the
// day marks spare it most cars' runs), so one line read is one booking's all.
const START = 0;
const LATEST_END = 1;
const END = 2;
const HOLD = 3;
const STRIDE = 4;
/** Up to this many bookings a car's are scanned in order (their keys fit four cache lines), above it halved. */
const SCAN_AT_MOST = 16;

/** Whether a booking among [first, last) of the runs that still blocks at `now` overlaps [from, to). */
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

/**
 * The store's arrays as one search reads them (replaced, never changed under a running search): the bookings'
 * `times`, and per slot where its run begins and how many bookings it has (`runs[2 × slot]`, `runs[2 × slot + 1]`:
 * side by side, one read).
 */
export type BookingRuns = { times: Float64Array; runs: Uint32Array };

const DAY_MS = 86_400_000;
/** The UTC day of an instant (epoch ms), in days since the epoch. */
export const utcDayOf = (ms: number) => Math.floor(ms / DAY_MS);
/** The UTC days the store marks from its first (`markFrom`): a period reaching further tests every car's run. */
export const MARKED_DAYS = 400;
/** BookingStore.marksOver: a bit per slot in each. */
export type DayMarks = { touched: Uint32Array; solid: Uint32Array };

/**
 * Every car's blocking bookings in typed arrays over the whole fleet: each car's a run sorted by start, found by its
 * slot (`slotOf`; given anew only by `arrange`, in the order a search walks the cars). At 100k cars and a million held bookings, a typed array per car
 * (each with its own buffer and objects) and a string of its bookings' ids were most of a process's memory
 * (bench/README.md, "Where a process's memory goes"); here a booking is 32 bytes and a car 8 (and 100 bytes of day marks). No id is kept: a change
 * to any of a car's bookings replaces the car's whole run, read again from the database (search.index.ts). A replaced
 * run is written after the others, its old place left dead until the arrays are full, when the live runs are copied
 * once into arrays half as large again as they need.
 *
 * Beside the runs, two bits per car and UTC day for the next MARKED_DAYS days (`marksOver`): whether one of the car's
 * bookings lies on that day, and whether one that blocks for good does. At 10× a search tested up to tens of
 * thousands of cars, and the first read of each car's run was most of its time: a car none of whose bookings lies
 * on a day of the period is free, and one with a booking for good on a day strictly inside it is taken, without it
 * (at the bench's density 84 % of the cars a search tests).
 */
export class BookingStore {
  private slots = new Map<string, number>();
  private arrays: BookingRuns = { times: new Float64Array(0), runs: new Uint32Array(0) };
  /** Bookings written in the arrays (live and dead), and the live ones. */
  private used = 0;
  private live = 0;
  /** The first marked UTC day (days since the epoch), NaN before `markFrom`. */
  private firstDay = Number.NaN;
  /**
   * Per marked day, twice `words` 32-bit words, a bit per slot in each: set in the first when one of the car's
   * bookings lies on that day, in the second when one that blocks for good (not a hold) does.
   */
  private days = new Uint32Array(0);
  private words = 0;
  /** `marksOver`'s answer, reused by every search (a search reads it to its end without yielding). */
  private marks: DayMarks = { touched: new Uint32Array(0), solid: new Uint32Array(0) };

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
    return this.arrays;
  }

  get size() {
    return this.live;
  }

  overlaps(carId: string, from: number, to: number, now: number): boolean {
    const slot = this.slots.get(carId);
    if (slot === undefined || 2 * slot >= this.arrays.runs.length) return false;
    const { times, runs } = this.arrays;
    const first = runs[2 * slot] as number;
    return overlapsIn(times, first, first + (runs[2 * slot + 1] as number), from, to, now);
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
    const { times, runs } = this.arrays;
    const old = runs[2 * slot] as number;
    this.markRun(slot, old, old + (runs[2 * slot + 1] as number), false);
    this.live += n - (runs[2 * slot + 1] as number);
    runs[2 * slot] = this.used;
    runs[2 * slot + 1] = n;
    let latest = Number.NEGATIVE_INFINITY;
    for (let k = 0, at = this.used; k < 3 * n; k += 3, at++) {
      const end = packed[k + 1] as number;
      latest = Math.max(latest, end);
      times[STRIDE * at + START] = packed[k] as number;
      times[STRIDE * at + LATEST_END] = latest;
      times[STRIDE * at + END] = end;
      times[STRIDE * at + HOLD] = packed[k + 2] as number;
    }
    this.markRun(slot, this.used, this.used + n, true);
    this.used += n;
  }

  /**
   * Replaces every car's bookings: `load` hands over each car's list once (a car it does not name has none). The
   * runs are built beside the ones searches read, which stay whole until the new ones replace them.
   */
  async reload(load: (add: (carId: string, packed: Float64Array) => void) => Promise<void>) {
    const built = new BookingStore();
    // The same slots (the fleet's cars carry them), marked from the same day.
    for (const [carId, slot] of this.slots) built.slots.set(carId, slot);
    built.firstDay = this.firstDay;
    await load((carId, packed) => built.setPacked(carId, packed));
    for (const [carId, slot] of built.slots) this.slots.set(carId, slot);
    built.fit(this.slots.size - 1, 0);
    // Grown by half at a time while loading: kept with a tenth to spare.
    built.compact(Math.ceil(built.live * 1.1));
    this.arrays = built.arrays;
    this.used = built.used;
    this.live = built.live;
    this.days = built.days;
    this.words = built.words;
  }

  /**
   * Marks the days from `day` (UTC days since the epoch) on: called as time passes, it marks them again from the
   * runs only once the first marked day is a week behind (or ahead of) `day`.
   */
  markFrom(day: number) {
    if (day >= this.firstDay && day - this.firstDay <= 7) return;
    this.firstDay = day;
    this.markAll();
  }

  /** Marks every run's days again, from nothing. */
  private markAll() {
    this.words = 0;
    this.days = new Uint32Array(0);
    this.fitDays(this.arrays.runs.length / 2);
    const { runs } = this.arrays;
    for (let slot = 0; 2 * slot < runs.length; slot++) {
      const first = runs[2 * slot] as number;
      this.markRun(slot, first, first + (runs[2 * slot + 1] as number), true);
    }
  }

  /**
   * Two bits per slot over the period [from, to), or null when it is not within the marked days: in `touched`, clear
   * when none of the car's bookings lies on a day of the period (so none overlaps it); in `solid`, set when a booking
   * that blocks for good lies on a day strictly inside it (so one overlaps it). Valid until the next call.
   */
  marksOver(from: number, to: number, lowestSlot: number, highestSlot: number): DayMarks | null {
    const first = Math.floor(from / DAY_MS) - this.firstDay;
    const last = Math.floor((to - 1) / DAY_MS) - this.firstDay;
    if (!(first >= 0 && first <= last && last < MARKED_DAYS)) return null;
    const { days, words } = this;
    if (this.marks.touched.length !== words) {
      this.marks = { touched: new Uint32Array(words), solid: new Uint32Array(words) };
    }
    const { touched, solid } = this.marks;
    // Only the words of the slots asked for: a place's cars hold neighbouring slots (arrange).
    const low = lowestSlot >>> 5;
    const high = Math.min(highestSlot >>> 5, words - 1);
    touched.fill(0, low, high + 1);
    solid.fill(0, low, high + 1);
    for (let day = first; day <= last; day++) {
      const row = 2 * day * words;
      for (let w = low; w <= high; w++) touched[w] = (touched[w] as number) | (days[row + w] as number);
      if (day === first || day === last) continue;
      for (let w = low; w <= high; w++) solid[w] = (solid[w] as number) | (days[row + words + w] as number);
    }
    return this.marks;
  }

  /** Sets (or clears) slot's bit on every marked day that a booking among [first, last) lies on. */
  private markRun(slot: number, first: number, last: number, on: boolean) {
    if (this.words === 0) return;
    const { times } = this.arrays;
    const { days, words } = this;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let at = first; at < last; at++) {
      const startsAt = times[STRIDE * at + START] as number;
      const start = Math.floor(startsAt / DAY_MS) - this.firstDay;
      // The day of its last instant (a booking that ends as it starts lies on its start's day).
      const endsAt = Math.max(times[STRIDE * at + END] as number, startsAt + 1);
      const end = Math.floor((endsAt - 1) / DAY_MS) - this.firstDay;
      // A hold (its expiry a number) may have lapsed by the search: it touches the days, it does not fill them.
      const solid = on && Number.isNaN(times[STRIDE * at + HOLD] as number);
      for (let day = Math.max(start, 0), most = Math.min(end, MARKED_DAYS - 1); day <= most; day++) {
        const i = 2 * day * words + word;
        if (on) {
          days[i] = (days[i] as number) | bit;
          if (solid) days[i + words] = (days[i + words] as number) | bit;
        } else {
          days[i] = (days[i] as number) & ~bit;
          days[i + words] = (days[i + words] as number) & ~bit;
        }
      }
    }
  }

  /** Makes room in the day marks for `slots` slots (none before `markFrom`). */
  private fitDays(slots: number) {
    const words = Math.ceil(slots / 32);
    if (Number.isNaN(this.firstDay) || words <= this.words) return;
    const days = new Uint32Array(2 * MARKED_DAYS * words);
    if (this.words > 0) {
      for (let row = 0; row < 2 * MARKED_DAYS; row++) {
        days.set(this.days.subarray(row * this.words, (row + 1) * this.words), row * words);
      }
    }
    this.days = days;
    this.words = words;
  }

  /** Makes room for slot `slot` and for `more` bookings at the end. */
  private fit(slot: number, more: number) {
    const { times, runs } = this.arrays;
    if (2 * slot >= runs.length) {
      const slots = Math.max(slot + 1, Math.ceil((runs.length / 2) * 1.5), 64);
      this.arrays = { times, runs: new Uint32Array(2 * slots) };
      this.arrays.runs.set(runs);
      this.fitDays(slots);
    }
    if (this.used + more > this.arrays.times.length / STRIDE) this.compact(Math.ceil((this.live + more) * 1.5));
  }

  /**
   * Gives the cars of `carIds` the slots 0, 1, 2… in that order, and any other car the slots after them (in their
   * old order); lays the runs out in slot order and marks their days again. A search walks a place's cars by slot
   * (PlaceCars), so their places in `runs`, their runs and their day marks are each read one after the other from
   * memory rather than from all over it (at 10× those first reads were most of a search). Slots given before are void
   * once the order changed; the same order (most fleet rebuilds: a car's edit keeps the layout) changes nothing.
   */
  arrange(carIds: readonly string[]) {
    if (carIds.every((carId, slot) => this.slots.get(carId) === slot)) return;
    const slots = new Map<string, number>();
    for (const carId of carIds) if (!slots.has(carId)) slots.set(carId, slots.size);
    for (const carId of this.slots.keys()) if (!slots.has(carId)) slots.set(carId, slots.size);
    const { runs } = this.arrays;
    const moved = new Uint32Array(Math.max(runs.length, 2 * slots.size));
    for (const [carId, old] of this.slots) {
      const slot = slots.get(carId) as number;
      moved[2 * slot] = runs[2 * old] as number;
      moved[2 * slot + 1] = runs[2 * old + 1] as number;
    }
    this.slots = slots;
    this.arrays = { ...this.arrays, runs: moved };
    this.compact(Math.ceil(this.live * 1.1));
    if (!Number.isNaN(this.firstDay)) this.markAll();
  }

  /** Copies the live runs, in slot order, into new arrays of `capacity` bookings: the dead are left behind. */
  private compact(capacity: number) {
    const { times, runs } = this.arrays;
    const copy = { times: new Float64Array(STRIDE * Math.max(64, capacity)), runs };
    let at = 0;
    for (let slot = 0; 2 * slot < runs.length; slot++) {
      const n = runs[2 * slot + 1] as number;
      const from = runs[2 * slot] as number;
      copy.times.set(times.subarray(STRIDE * from, STRIDE * (from + n)), STRIDE * at);
      runs[2 * slot] = at;
      at += n;
    }
    this.arrays = copy;
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
  /** The cars by slot: the order of their bookings in the store (BookingStore.arrange). */
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

  constructor(cars: Iterable<T>) {
    const byId = [...cars].sort((a, b) => (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0));
    const rankOf = new Map(byId.map((car, rank) => [car, rank]));
    this.cars = [...byId].sort((a, b) => a.slot - b.slot);
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

  /**
   * Whether car i has a booking that blocks at `now` over [from, to): told by `marks` when they can (the store's day
   * marks of the period, BookingStore.marksOver, or null), else read in the store's arrays (read once a search).
   */
  isBlocked(
    { times, runs }: BookingRuns,
    marks: DayMarks | null,
    i: number,
    from: number,
    to: number,
    now: number,
  ): boolean {
    const slot = this.slots[i] as number;
    if (2 * slot >= runs.length) return false;
    if (marks) {
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      if (((marks.touched[word] as number) & bit) === 0) return false;
      if (((marks.solid[word] as number) & bit) !== 0) return true;
    }
    const first = runs[2 * slot] as number;
    return overlapsIn(times, first, first + (runs[2 * slot + 1] as number), from, to, now);
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
