import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/bookings';
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
// field a search tests is one typed array over the place's cars, and the place's bookings are read in order from
// two arrays, so a search touches a car's object only when the car is on the page (or is priced by date).

/** Spec §3 labels: coming soon and unavailable win over fully booked; only `available` cars can be booked. */
export function availabilityOf(car: Pick<Car, 'available' | 'fullyBooked' | 'comingSoon'>): AvailabilityLabel {
  if (car.comingSoon) return 'comingSoon';
  if (!car.available) return 'unavailable';
  if (car.fullyBooked) return 'fullyBooked';
  return 'available';
}

/**
 * Bookings sorted by start, `stride` numbers each in one array: the start and the latest end of the bookings up to it,
 * which the overlap test reads for every car, in order; then the end and the hold's expiry (NaN for a booking that
 * blocks for good), which it reads only where a booking may overlap. A car's own list carries a fifth, its status.
 */
export type Bookings = { times: Float64Array; stride: number };
const START = 0;
const LATEST_END = 1;
const END = 2;
const HOLD = 3;
/** In a car's own list: 0 for a period its operator blocked, else 1 + the rental's index in BOOKING_STATUSES. */
const STATUS = 4;
const CAR_STRIDE = 5;
const PLACE_STRIDE = 4;
/** Up to this many bookings a car's are scanned in order (their keys fit four cache lines), above it halved. */
const SCAN_AT_MOST = 16;

/** Whether a booking among [first, last) that still blocks at `now` (no hold, or a live one) overlaps [from, to). */
export function overlapsIn(
  { times, stride }: Bookings,
  first: number,
  last: number,
  from: number,
  to: number,
  now: number,
): boolean {
  // The bookings starting before `to` are [first, after); of those, only the ones ending after `from` overlap, and
  // the latest end up to each tells when none further back can.
  let after = first;
  if (last - first <= SCAN_AT_MOST) {
    while (after < last && (times[stride * after + START] as number) < to) after++;
  } else {
    let end = last;
    while (after < end) {
      const middle = (after + end) >>> 1;
      if ((times[stride * middle + START] as number) < to) after = middle + 1;
      else end = middle;
    }
  }
  for (let at = after - 1; at >= first && (times[stride * at + LATEST_END] as number) > from; at--) {
    const hold = times[stride * at + HOLD] as number;
    if ((times[stride * at + END] as number) > from && !(hold <= now)) return true;
  }
  return false;
}

/** Counts every change to any car's booking list, so that a place knows whether its copy may be behind. */
let blockChanges = 0;

/**
 * A blocking booking's period and, for a hold, its expiry: epoch ms. `rental`: a driver's booking's status (the
 * operator's cars list shows them); absent for a period its operator blocked.
 */
export type Block = { start: number; end: number; holdExpiresAt: number | null; rental?: BookingStatus };

const NO_TIMES = new Float64Array(0);

/**
 * One car's blocking bookings, kept sorted by start in one typed array (five numbers each) beside their ids, one
 * string for all of them — at 100k cars and a million held bookings, an object, a map entry and a string per booking
 * were most of a process's memory and of its garbage collector's work (docs/decisions/0005-in-memory-search-index.md).
 * A change rewrites the car's two: a car holds tens of bookings.
 */
export class CarBlocks {
  private times = NO_TIMES;
  /** The ids in the order of `times`, each followed by a line feed (no booking id holds one). */
  private ids = '';
  /** The value of the change count at this list's last change. */
  changedAt = ++blockChanges;

  get size() {
    return this.times.length / CAR_STRIDE;
  }

  set(id: string, block: Block) {
    const kept = this.entries().filter((entry) => entry.id !== id);
    kept.push({ id, ...block });
    this.fill(kept);
  }

  delete(id: string) {
    if (!this.idList().includes(id)) return;
    this.fill(this.entries().filter((entry) => entry.id !== id));
  }

  clear() {
    this.times = NO_TIMES;
    this.ids = '';
    this.changed();
  }

  /** Replaces the car's bookings with `list` (a reload reads each car's at once). */
  fill(list: (Block & { id: string })[]) {
    list.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const times = list.length === 0 ? NO_TIMES : new Float64Array(CAR_STRIDE * list.length);
    let latest = Number.NEGATIVE_INFINITY;
    for (const [i, block] of list.entries()) {
      latest = Math.max(latest, block.end);
      times[CAR_STRIDE * i + START] = block.start;
      times[CAR_STRIDE * i + LATEST_END] = latest;
      times[CAR_STRIDE * i + END] = block.end;
      times[CAR_STRIDE * i + HOLD] = block.holdExpiresAt ?? Number.NaN;
      times[CAR_STRIDE * i + STATUS] = block.rental ? 1 + BOOKING_STATUSES.indexOf(block.rental) : 0;
    }
    this.times = times;
    this.ids = list.map((block) => `${block.id}\n`).join('');
    this.changed();
  }

  private idList(): string[] {
    return this.ids === '' ? [] : this.ids.slice(0, -1).split('\n');
  }

  /** Every booking with its id, by start. */
  private entries(): (Block & { id: string })[] {
    return this.idList().map((id, i) => {
      const base = CAR_STRIDE * i;
      const hold = this.times[base + HOLD] as number;
      const status = this.times[base + STATUS] as number;
      return {
        id,
        start: this.times[base + START] as number,
        end: this.times[base + END] as number,
        holdExpiresAt: Number.isNaN(hold) ? null : hold,
        ...(status > 0 ? { rental: BOOKING_STATUSES[status - 1] } : {}),
      };
    });
  }

  /**
   * The driver's bookings of the car not ended at `now` — not its blocked periods nor its unpaid holds —, by start
   * (the operator's cars list).
   */
  rentalsAfter(now: number): { id: string; start: number; end: number; status: BookingStatus }[] {
    const found: { id: string; start: number; end: number; status: BookingStatus }[] = [];
    for (const [i, id] of this.idList().entries()) {
      const base = CAR_STRIDE * i;
      const rental = BOOKING_STATUSES[(this.times[base + STATUS] as number) - 1];
      const end = this.times[base + END] as number;
      if (rental && rental !== 'void' && end > now) {
        found.push({ id, start: this.times[base + START] as number, end, status: rental });
      }
    }
    return found;
  }

  overlaps(from: number, to: number, now: number): boolean {
    return overlapsIn(this.bookings(), 0, this.size, from, to, now);
  }

  bookings(): Bookings {
    return { times: this.times, stride: CAR_STRIDE };
  }

  private changed() {
    this.changedAt = ++blockChanges;
  }
}

/**
 * A car as a place lists it: the car, its supplier's slot in the fleet's list, its bookings, and its index in the
 * fleet (the search's kept totals are one array over the fleet, shared by every place).
 */
export type PlaceCar = { car: Car; supplier: number; blocks: CarBlocks; ordinal: number };

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
  /** The cars, by id: a car's index here is its place in the results' last tie-break. */
  readonly cars: T[];
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
  /** Car i's bookings are [firstBooking[i], firstBooking[i + 1]) of `bookings`. */
  private firstBooking = new Uint32Array(1);
  private bookings: Bookings = { times: NO_TIMES, stride: PLACE_STRIDE };
  /** The change count when the copy above was taken; −1 before the first. */
  private bookingsAt = -1;

  constructor(cars: Iterable<T>) {
    this.cars = [...cars].sort((a, b) => (a.car._id < b.car._id ? -1 : a.car._id > b.car._id ? 1 : 0));
    const count = this.cars.length;
    this.kinds = new Uint32Array(count);
    this.seats = new Float64Array(count);
    this.rating = new Float64Array(count);
    this.deposit = new Float64Array(count);
    this.supplier = new Uint32Array(count);
    this.ordinals = new Uint32Array(count);
    for (const [i, { car, supplier, ordinal }] of this.cars.entries()) {
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
    }
  }

  get size() {
    return this.cars.length;
  }

  /**
   * Whether car i has a booking that blocks at `now` over [from, to), read from the place's copy of its cars'
   * bookings — taken again only when one of them changed since.
   */
  isBlocked(i: number, from: number, to: number, now: number): boolean {
    const first = this.firstBooking;
    return overlapsIn(this.bookings, first[i] as number, first[i + 1] as number, from, to, now);
  }

  /** Brings the place's copy of its cars' bookings up to date: call before a search's `isBlocked`. */
  syncBookings() {
    if (this.bookingsAt === blockChanges) return;
    const at = this.bookingsAt;
    this.bookingsAt = blockChanges;
    if (at >= 0 && this.cars.every(({ blocks }) => blocks.changedAt <= at)) return;
    const lists = this.cars.map(({ blocks }) => blocks.bookings().times);
    const first = new Uint32Array(lists.length + 1);
    let count = 0;
    for (const [i, list] of lists.entries()) {
      first[i] = count;
      count += list.length / CAR_STRIDE;
    }
    first[lists.length] = count;
    // The place's copy leaves out the status, which no search reads.
    const times = new Float64Array(PLACE_STRIDE * count);
    for (const [i, list] of lists.entries()) {
      let at = PLACE_STRIDE * (first[i] as number);
      for (let from = 0; from < list.length; from += CAR_STRIDE) {
        for (let k = 0; k < PLACE_STRIDE; k++) times[at++] = list[from + k] as number;
      }
    }
    const bookings = { times, stride: PLACE_STRIDE };
    this.firstBooking = first;
    this.bookings = bookings;
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
