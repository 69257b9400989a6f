import type { Db } from '#server/db/client.ts';
import {
  changesSince,
  type FleetSnapshot,
  type LocationTree,
  loadBlockingBookings,
  loadFleet,
  loadFleetCars,
  placeIdsOf,
  pruneTombstones,
  type RuleOverride,
} from './cars.repository.ts';
import { BookingStore, type PlaceCar, PlaceCars, utcDayOf } from './place-cars.index.ts';

// The car search's in-memory index (car search p99 ≤ 50 ms at 50 connections on 10k cars / 200k
// bookings). A search used to ask the database for every candidate car at a place (a city has ~1,800 on that
// fleet) with an anti-join on the bookings, then price them all: ~20 ms of work per search, 103 searches/s.
//
// Now each process keeps the fleet (cars, their places, the location tree) and the car-blocking bookings in memory,
// and before answering a search it asks the database only what changed since its last look: one indexed round trip
// (bookings carry the id of the transaction that last wrote them, deleted ones leave a tombstone, a change to one
// car leaves a fleet_changes row and a change every card shows bumps fleet_version — triggers of migrations 0005
// and 0047, so every writer is seen, in any process; a changed car is read again alone). Searches that
// arrive while a look is under way share the next one, so the database answers one look per batch of searches.
// On PGlite, whose one writer is this process, the database notifies the index of each committed write (migration
// 0007, `follow`), and a search looks only after one.
//
// A search therefore sees every booking committed before it arrived; the database stays the only judge of a
// booking (the exclusion constraint), so an index a moment behind could at worst list a car the checkout refuses.

/** A car as the search reads it: with its supplier's slot in `Fleet.suppliers` and its slot in `Fleet.bookings`. */
export type FleetCar = PlaceCar;

/** Kept totals, at most this many bytes for each kind (by length, by period): 4 bytes a car of the kind per key. */
const TOTALS_BYTES = 8 * 1024 * 1024;
/** A total above this is not kept (an Int32Array holds them); it is priced again when asked. */
export const MOST_KEPT_TOTAL = 2 ** 31 - 1;

/**
 * Each car's total for one key, −1 until a search prices it: drivers page, sort and filter the same place and
 * period, and often ask the same lengths; a car offered at a city and its airport is priced once for both. Cars priced
 * by length alone (the same for any dates and place) are kept by rental length in hours, over those cars; cars priced
 * by date by period and time zone, over those cars only (a car's `totalsAt` is its index among its kind). Each kind
 * keeps its most recently used keys within TOTALS_BYTES: at 10× with one array over the whole fleet for every key
 * (100k cars, 40 keys at most, all dropped when full), the bench's ~100 periods made nearly every search allocate and
 * fill a 400 KB array and price its place's cars again.
 */
export class FleetTotals {
  private readonly lengths = new Map<number, Int32Array>();
  private readonly periods = new Map<string, Int32Array>();

  constructor(
    private readonly byLengthCars: number,
    private readonly byDateCars: number,
  ) {}

  byLength(hours: number): Int32Array {
    return keptIn(this.lengths, hours, this.byLengthCars);
  }

  byPeriod(from: number, to: number, timeZone: string): Int32Array {
    return keptIn(this.periods, `${from}/${to}/${timeZone}`, this.byDateCars);
  }
}

function keptIn<K>(kept: Map<K, Int32Array>, key: K, size: number): Int32Array {
  let totals = kept.get(key);
  if (totals) {
    // The most recently used last: the first is the one to let go.
    kept.delete(key);
  } else {
    const limit = Math.max(4, Math.min(256, Math.floor(TOTALS_BYTES / (4 * Math.max(1, size)))));
    for (const oldest of kept.keys()) {
      if (kept.size < limit) break;
      kept.delete(oldest);
    }
    totals = new Int32Array(size).fill(-1);
  }
  kept.set(key, totals);
  return totals;
}

/** The fleet as a search reads it: the places, and the cars offered at each place or anywhere below it. */
export type Fleet = {
  version: number;
  /** Location id → every car offered there or at a location below it, each once. */
  places: Map<string, PlaceCars<FleetCar>>;
  /** Every supplier with a car, by name. */
  suppliers: { supplierId: string; fullName: string }[];
  tree: LocationTree;
  /** Every live car, by id (a car's index here is its `ordinal`), with what the operator's cars list shows too. */
  cars: OperatorFleetCar[];
  /** The search's kept totals (each car's index there: its `totalsAt`). */
  totals: FleetTotals;
  /** Every car's blocking bookings (followed on their own, not only when the fleet changes). */
  bookings: BookingStore;
};

/** A car as the operator's list reads it: its plate, its creation and its places (ids, by id). */
export type OperatorFleetCar = FleetCar & { licensePlate: string | null; createdAt: number; placeIds: string[] };

/** Bookings that ended this long ago can no longer block a search's period (pick-up is in the future). */
const KEEP_ENDED_MS = 24 * 3600_000;
/** An index idle longer than this reloads every booking rather than read tombstones, which are kept a day. */
const RELOAD_AFTER_MS = 3600_000;

function toFleet(snapshot: FleetSnapshot, bookings: BookingStore): Fleet {
  const suppliers = [...new Map(snapshot.cars.map(({ car }) => [car.supplier._id, car.supplier.fullName])).entries()]
    .map(([supplierId, fullName]) => ({ supplierId, fullName }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.supplierId.localeCompare(b.supplierId));
  const supplierSlots = new Map(suppliers.map((supplier, slot) => [supplier.supplierId, slot]));
  // Ordinals in id order, the snapshot's; slots and kept totals' places given below, in the layout's order.
  const cars = snapshot.cars.map(
    ({ car, placeIds, licensePlate, createdAt }, ordinal): OperatorFleetCar => ({
      car,
      supplier: supplierSlots.get(car.supplier._id) ?? 0,
      slot: 0,
      ordinal,
      totalsAt: 0,
      licensePlate,
      createdAt,
      placeIds,
    }),
  );
  const carsAt = new Map<string, FleetCar[]>();
  for (const car of cars) {
    for (const locationId of car.placeIds) {
      const list = carsAt.get(locationId);
      if (list) list.push(car);
      else carsAt.set(locationId, [car]);
    }
  }
  // The cars laid out place by place down the tree (a place's own, then each place below it in turn; each car once,
  // where first met), then the cars at no place: the cars of a place and of everything below it hold neighbouring
  // slots, and the store lays their bookings out in slot order (BookingStore.arrange).
  const laidOut: FleetCar[] = [];
  const laid = new Uint8Array(cars.length);
  const lay = (car: FleetCar) => {
    if (laid[car.ordinal] === 1) return;
    laid[car.ordinal] = 1;
    laidOut.push(car);
  };
  const below = new Set([...snapshot.tree.children.values()].flat());
  const visited = new Set<string>();
  const visit = (locationId: string) => {
    if (visited.has(locationId)) return;
    visited.add(locationId);
    for (const car of carsAt.get(locationId) ?? []) lay(car);
    for (const child of snapshot.tree.children.get(locationId) ?? []) visit(child);
  };
  for (const locationId of snapshot.tree.zones.keys()) if (!below.has(locationId)) visit(locationId);
  for (const locationId of snapshot.tree.zones.keys()) visit(locationId);
  for (const car of cars) lay(car);
  bookings.arrange(laidOut.map(({ car }) => car._id));
  // Each car's kept totals in the same order: a search reads them one after the other too.
  let byLengthCars = 0;
  let byDateCars = 0;
  for (const entry of laidOut) {
    entry.slot = bookings.slotOf(entry.car._id);
    entry.totalsAt = entry.car.isDateBasedPrice ? byDateCars++ : byLengthCars++;
  }
  const places = new Map<string, PlaceCars<FleetCar>>();
  for (const locationId of snapshot.tree.zones.keys()) {
    const found = new Set<FleetCar>();
    for (const place of locationAndBelow(snapshot.tree, locationId)) {
      for (const car of carsAt.get(place) ?? []) found.add(car);
    }
    places.set(locationId, new PlaceCars(found));
  }
  const totals = new FleetTotals(byLengthCars, byDateCars);
  return { version: snapshot.version, places, suppliers, tree: snapshot.tree, cars, totals, bookings };
}

/**
 * The index of one app's database: built in app.ts, carried by the AppContext (`ctx.searchIndex`) and closed with the
 * app (docs/decisions/0005-in-memory-search-index.md).
 */
export class SearchIndex {
  private fleet: Fleet | null = null;
  /** Every car's bookings with blocks_car. */
  private bookings = new BookingStore();
  private xmin: string | null = null;
  private syncedAt = 0;
  /** How many looks at the database this index has made (searches arriving together share one). */
  looks = 0;
  /** How many times it read the whole fleet (a change to one car reads only that car). */
  fleetLoads = 0;
  /** The admin's booking rules as of the last look (each search applies them: booking-rules.service.ts). */
  rules: RuleOverride[] = [];
  private running: Promise<Fleet> | null = null;
  private queued: Promise<Fleet> | null = null;
  /** Told of every write by the database (PGlite): then a look is needed only after one. */
  private notified = false;
  private changed = true;
  /** Stops the database's notifications (`follow`). */
  private unfollow: (() => Promise<void>) | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Follows the database's change notifications (PGlite, whose only writer is this process: a write's notification
   * arrives before its caller resumes), so that searches ask the database nothing until something changed.
   */
  async follow(onChange: (listener: () => void) => Promise<() => Promise<void>>) {
    this.unfollow = await onChange(() => {
      this.changed = true;
    });
    this.notified = true;
  }

  /**
   * Stops following the database and lets go of the fleet (the app's onClose, after the requests under way ended): a
   * closed app's index must not be notified, nor keep the fleet in memory. A later call loads it again.
   */
  async close() {
    const unfollow = this.unfollow;
    this.unfollow = null;
    this.notified = false;
    this.changed = true;
    this.fleet = null;
    this.bookings = new BookingStore();
    this.xmin = null;
    await unfollow?.();
  }

  /**
   * The fleet, with the blocking bookings up to date as of a look at the database that started after this call:
   * a look already under way may have missed a booking committed just before the call, so the caller waits for the
   * next one, which every caller that arrives meanwhile shares.
   */
  current(): Promise<Fleet> {
    // Told of every write and none since the last look began: that look (finished or under way) is current.
    if (this.notified && !this.changed && this.fleet && Date.now() - this.syncedAt < RELOAD_AFTER_MS) {
      return this.running ?? Promise.resolve(this.fleet);
    }
    if (!this.running) {
      const look = this.look().finally(() => {
        this.running = null;
      });
      this.running = look;
      return look;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.current();
      });
    return this.queued;
  }

  /** Whether a blocking booking (a live hold or a booking that holds the car) overlaps [from, to). */
  isBlocked(carId: string, from: number, to: number, now: number): boolean {
    return this.bookings.overlaps(carId, from, to, now);
  }

  private async look(): Promise<Fleet> {
    this.looks += 1;
    this.changed = false;
    try {
      return await this.read();
    } catch (error) {
      // Not brought up to date: the next search must look again, told of a write or not.
      this.changed = true;
      throw error;
    }
  }

  private async read(): Promise<Fleet> {
    const now = Date.now();
    const endsAfter = new Date(now - KEEP_ENDED_MS);
    const { bookings } = this;
    // Tombstones and the fleet's changes are kept a day: an index idle longer reads everything again.
    const readAll = this.xmin === null || now - this.syncedAt > KEEP_ENDED_MS;
    let fleetVersion = 0;
    let changedCars: string[] = [];
    let xmin = this.xmin ?? '0';
    if (!readAll) {
      const changes = await changesSince(this.db, xmin, endsAfter);
      for (const [carId, list] of changes.held) bookings.set(carId, list);
      ({ xmin, fleetVersion, changedCars } = changes);
      this.rules = changes.rules;
    }
    if (readAll || now - this.syncedAt > RELOAD_AFTER_MS) {
      await bookings.reload(async (add) => {
        const loaded = await loadBlockingBookings(this.db, endsAfter, add);
        fleetVersion = loaded.fleetVersion;
        this.rules = loaded.rules;
        // After changes read just before, their older snapshot: what committed between the two is read again, once.
        if (readAll) xmin = loaded.xmin;
      });
      // Now and then, not on every look: tombstones older than a reload's horizon are never read again.
      await pruneTombstones(this.db, endsAfter);
    }
    this.xmin = xmin;
    this.syncedAt = now;
    try {
      if (readAll || this.fleet?.version !== fleetVersion || this.fleet.bookings !== bookings) {
        this.fleetLoads += 1;
        this.fleet = toFleet(await loadFleet(this.db), bookings);
      } else if (changedCars.length > 0) {
        // Only the changed cars read again, every other car's object kept.
        const fleet = this.fleet;
        const fresh = await loadFleetCars(this.db, changedCars, placeIdsOf(fleet.tree));
        this.fleet = toFleet(
          { version: fleet.version, cars: withChanged(fleet.cars, changedCars, fresh), tree: fleet.tree },
          bookings,
        );
      }
    } catch (error) {
      // A build that failed may have laid the store out anew (BookingStore.arrange), voiding the kept fleet's slots:
      // the next look builds it whole.
      this.fleet = null;
      throw error;
    }
    // The day marks from yesterday (a search's pick-up is in the future), kept as the days pass; made after the
    // fleet's layout (BookingStore.arrange marks them again when it changes the slots).
    bookings.markFrom(utcDayOf(now) - 1);
    return this.fleet;
  }
}

/** `cars` (by id) with each car of `changed` replaced by its entry in `fresh` (by id), or left out without one. */
function withChanged<T extends { car: { _id: string } }>(cars: readonly T[], changed: string[], fresh: T[]): T[] {
  const gone = new Set(changed);
  const merged: T[] = [];
  let next = 0;
  for (const entry of cars) {
    const id = entry.car._id;
    while (next < fresh.length && (fresh[next] as T).car._id < id) merged.push(fresh[next++] as T);
    if (!gone.has(id)) merged.push(entry);
  }
  while (next < fresh.length) merged.push(fresh[next++] as T);
  return merged;
}

/** The location and every location below it (any depth), or [] when it does not exist. */
function locationAndBelow(tree: LocationTree, id: string): string[] {
  if (!tree.zones.has(id)) return [];
  const found = [id];
  const seen = new Set(found);
  for (let i = 0; i < found.length; i++) {
    for (const child of tree.children.get(found[i] as string) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        found.push(child);
      }
    }
  }
  return found;
}
