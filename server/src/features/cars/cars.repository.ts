import type { CarOption } from '@roam/contract/cars';
import { type Car, fileUrl } from '@roam/contract/cars';
import { DEFAULT_CHARGE_RULES } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import type { OpeningHours } from '@roam/contract/opening-hours';
import { type AnyColumn, and, asc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import {
  bookings,
  bookingTombstones,
  carChargeRules,
  carLocations,
  cars,
  chargeRules,
  dateBasedPrices,
  files,
  fleetChanges,
  fleetVersion,
  locations,
  runTimeSettings,
  users,
} from '#server/db/schema.ts';
import { photosOf } from './car-photos.repository.ts';
import type { Block } from './place-cars.index.ts';

// The only Drizzle code of the cars slice (with car-photos.repository.ts). Rows come out as contract `Car` objects.

const carColumns = {
  car: cars,
  supplierName: users.fullName,
  supplierLogoFileId: users.logoFileId,
  priceChangeRate: users.priceChangeRate,
  payLater: users.payLater,
  licenseRequired: users.licenseRequired,
  // The return's price per extra kilometre: the car's override, else its business's charge rule, else the default
  // (contract `effectiveChargeRules`), shown on its card and its checkout.
  pricePerExtraKm: sql<number>`coalesce(${carChargeRules.pricePerExtraKm}, ${chargeRules.pricePerExtraKm},
    ${DEFAULT_CHARGE_RULES.pricePerExtraKm})::int`,
};

/** The cars with their business and the charge rules a card shows (the query's joins for `carColumns`). */
const carsWithSupplier = (db: DbOrTx) =>
  db
    .select(carColumns)
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .leftJoin(chargeRules, eq(chargeRules.supplierId, cars.supplierId))
    .leftJoin(carChargeRules, eq(carChargeRules.carId, cars.id));

type CarRow = {
  car: typeof cars.$inferSelect;
  supplierName: string;
  supplierLogoFileId: string | null;
  priceChangeRate: number;
  payLater: boolean;
  licenseRequired: boolean;
  pricePerExtraKm: number;
};

/**
 * What a whole fleet's cars share rather than each keep its own copy of (the search's index holds every car, 100k at
 * 10×; nothing changes a car object in place): one supplier object per supplier, one string per distinct name, image
 * and listed value (each row brought its own), one array per distinct list, one empty list.
 */
class FleetParts {
  readonly suppliers = new Map<string, Car['supplier']>();
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly string[]>();
  /** Frozen: a car that pushed to its own list would change every car's. */
  static readonly NONE = Object.freeze([]) as never[];

  string<T extends string | null>(value: T): T {
    if (value === null) return value;
    const kept = this.strings.get(value);
    if (kept !== undefined) return kept as T;
    this.strings.set(value, value);
    return value;
  }

  list<T extends string>(values: T[]): T[] {
    if (values.length === 0) return FleetParts.NONE;
    const key = values.join('\n');
    const kept = this.lists.get(key);
    if (kept) return kept as T[];
    const list = values.map((value) => this.string(value));
    this.lists.set(key, list);
    return list;
  }
}

/** `parts`: a fleet's load shares them between its cars (one car alone has its own). */
function toCar(row: CarRow, periods: Car['dateBasedPrices'], photos: Car['photos'], parts?: FleetParts): Car {
  const { car } = row;
  let supplier = parts?.suppliers.get(car.supplierId);
  if (!supplier) {
    supplier = {
      _id: car.supplierId,
      fullName: row.supplierName,
      logo: fileUrl(row.supplierLogoFileId),
      priceChangeRate: Number(row.priceChangeRate),
      payLater: row.payLater,
      licenseRequired: row.licenseRequired,
    };
    parts?.suppliers.set(car.supplierId, supplier);
  }
  const shared = <T extends string | null>(value: T) => (parts ? parts.string(value) : value);
  return {
    _id: car.id,
    name: shared(car.name),
    image: shared(fileUrl(car.imageFileId)),
    photos,
    supplier,
    range: shared(car.range),
    fuelType: shared(car.fuelType),
    gearbox: shared(car.gearbox),
    seats: car.seats,
    doors: car.doors,
    aircon: car.aircon,
    mileage: car.mileage,
    pricePerExtraKm: car.mileage < 0 ? null : row.pricePerExtraKm,
    fuelPolicy: shared(car.fuelPolicy),
    multimedia: (parts ? parts.list(car.multimedia) : car.multimedia) as CarOption[],
    dailyPrice: car.dailyPrice,
    discountedDailyPrice: car.discountedDailyPrice,
    hourlyPrice: car.hourlyPrice,
    discountedHourlyPrice: car.discountedHourlyPrice,
    biWeeklyPrice: car.biWeeklyPrice,
    discountedBiWeeklyPrice: car.discountedBiWeeklyPrice,
    weeklyPrice: car.weeklyPrice,
    discountedWeeklyPrice: car.discountedWeeklyPrice,
    monthlyPrice: car.monthlyPrice,
    discountedMonthlyPrice: car.discountedMonthlyPrice,
    isDateBasedPrice: car.isDateBasedPrice,
    dateBasedPrices: periods,
    deposit: car.deposit,
    cancellation: car.cancellation,
    amendments: car.amendments,
    theftProtection: car.theftProtection,
    collisionDamageWaiver: car.collisionDamageWaiver,
    fullInsurance: car.fullInsurance,
    additionalDriver: car.additionalDriver,
    available: car.available,
    fullyBooked: car.fullyBooked,
    comingSoon: car.comingSoon,
    rating: car.rating === null ? null : Number(car.rating),
    trips: car.trips,
    minimumAge: car.minimumAge,
    co2: car.co2,
  };
}

/** The date-based periods of `carIds`, or of every car. */
async function periodsOf(db: DbOrTx, carIds?: string[]): Promise<Map<string, Car['dateBasedPrices']>> {
  const byCar = new Map<string, Car['dateBasedPrices']>();
  if (carIds?.length === 0) return byCar;
  const rows = await db
    .select()
    .from(dateBasedPrices)
    .where(carIds ? inArray(dateBasedPrices.carId, carIds) : undefined)
    .orderBy(asc(dateBasedPrices.startDate));
  for (const row of rows) {
    const list = byCar.get(row.carId) ?? [];
    list.push({ startDate: row.startDate, endDate: row.endDate, dailyPrice: row.dailyPrice });
    byCar.set(row.carId, list);
  }
  return byCar;
}

export type LocationTree = {
  zones: Map<string, string>;
  children: Map<string, string[]>;
  /** The places with their own opening hours (contract opening-hours.ts); the others keep the site-wide hours. */
  hours: Map<string, OpeningHours>;
};

/** What the car search's in-memory index holds of the fleet (src/features/cars/search.index.ts). */
export type FleetSnapshot = {
  /** fleet_version when read: triggers bump it on any change a search would show (migration 0005). */
  version: number;
  /**
   * Every live car by id, with the places it is offered at (by id, each the tree's own string) and what the
   * operator's cars list shows beyond the card.
   */
  cars: { car: Car; placeIds: string[]; licensePlate: string | null; createdAt: number }[];
  tree: LocationTree;
};

/** Cars read at a time: 100k rows at once, with their objects made from them, were ~300 MB of a process at 10×. */
const FLEET_BATCH = 5_000;

type FleetEntry = FleetSnapshot['cars'][number];
type PlaceRow = { carId: string; locationId: string };
const placeColumns = { carId: carLocations.carId, locationId: carLocations.locationId };

/**
 * The cars of `rows` as the index holds them: each with its places of `placeRows` (by car, then place; each id the
 * tree's own string: `placeId`), its periods and photos, sharing `parts`.
 */
function toEntries(
  rows: CarRow[],
  placeRows: PlaceRow[],
  more: { periods: Map<string, Car['dateBasedPrices']>; photos: Map<string, Car['photos']>; parts: FleetParts },
  placeId: Map<string, string>,
): FleetEntry[] {
  const placeIds = new Map<string, string[]>();
  for (const { carId, locationId } of placeRows) {
    const place = placeId.get(locationId);
    if (!place) continue;
    const list = placeIds.get(carId);
    if (list) list.push(place);
    else placeIds.set(carId, [place]);
  }
  const { periods, photos, parts } = more;
  return rows.map((row) => {
    const { id, isDateBasedPrice, licensePlate, createdAt } = row.car;
    return {
      car: toCar(
        row,
        (isDateBasedPrice && periods.get(id)) || FleetParts.NONE,
        photos.get(id) ?? FleetParts.NONE,
        parts,
      ),
      placeIds: parts.list(placeIds.get(id) ?? []),
      licensePlate,
      createdAt: createdAt.getTime(),
    };
  });
}

/** The tree's place ids by themselves: each car's places point at these strings, not one copy per row. */
export const placeIdsOf = (tree: LocationTree) => new Map([...tree.zones.keys()].map((id) => [id, id]));

/** The whole fleet in one consistent snapshot (one repeatable-read transaction), with the version it is at. */
export async function loadFleet(db: Db): Promise<FleetSnapshot> {
  return db.transaction(
    async (tx) => {
      const [version] = await tx.select({ version: fleetVersion.version }).from(fleetVersion);
      const locationRows = await tx
        .select({
          id: locations.id,
          parentId: locations.parentId,
          timeZone: locations.timeZone,
          openingHours: locations.openingHours,
        })
        .from(locations);
      const tree: LocationTree = { zones: new Map(), children: new Map(), hours: new Map() };
      for (const row of locationRows) {
        tree.zones.set(row.id, row.timeZone);
        if (row.openingHours) tree.hours.set(row.id, row.openingHours);
        if (row.parentId) tree.children.set(row.parentId, [...(tree.children.get(row.parentId) ?? []), row.id]);
      }
      const placeId = placeIdsOf(tree);
      const more = { periods: await periodsOf(tx), photos: await photosOf(tx), parts: new FleetParts() };
      const fleet: FleetEntry[] = [];
      for (let after: string | null = null; ; ) {
        const rows = await carsWithSupplier(tx)
          .where(and(isNull(cars.deletedAt), after === null ? undefined : gt(cars.id, after)))
          .orderBy(asc(cars.id))
          .limit(FLEET_BATCH);
        const last: string | undefined = rows[rows.length - 1]?.car.id;
        if (last === undefined) break;
        // The batch's cars are the live ones of (after, last]: their places are that range of car_locations.
        const placeRows = await tx
          .select(placeColumns)
          .from(carLocations)
          .where(and(after === null ? undefined : gt(carLocations.carId, after), lte(carLocations.carId, last)))
          .orderBy(asc(carLocations.carId), asc(carLocations.locationId));
        for (const entry of toEntries(rows, placeRows, more, placeId)) fleet.push(entry);
        if (rows.length < FLEET_BATCH) break;
        after = last;
      }
      return { version: version?.version ?? 0, cars: fleet, tree };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The live cars among `ids` as the index holds them (a deleted or unknown id is left out), by id: a car changed
 * since the index's last look (`fleet_changes`, migration 0047).
 */
export async function loadFleetCars(db: Db, ids: string[], placeId: Map<string, string>): Promise<FleetEntry[]> {
  if (ids.length === 0) return [];
  return db.transaction(
    async (tx) => {
      const rows = await carsWithSupplier(tx)
        .where(and(isNull(cars.deletedAt), inArray(cars.id, ids)))
        .orderBy(asc(cars.id));
      const live = rows.map((row) => row.car.id);
      const placeRows =
        live.length === 0
          ? []
          : await tx
              .select(placeColumns)
              .from(carLocations)
              .where(inArray(carLocations.carId, live))
              .orderBy(asc(carLocations.carId), asc(carLocations.locationId));
      const more = { periods: await periodsOf(tx, live), photos: await photosOf(tx, live), parts: new FleetParts() };
      return toEntries(rows, placeRows, more, placeId);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The oldest transaction still running when the statement's snapshot was taken (`pg_snapshot_xmin`): every
 * transaction before it has ended and is in the snapshot, so the next look for changes starts there (rows written
 * by a transaction that was still running are read again then, committed).
 */
const snapshotXmin = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;
const currentFleetVersion = sql`select ${fleetVersion.version} from ${fleetVersion} where ${fleetVersion.id} = 1`;
/**
 * The admin's booking rules ([key, value] of run_time_settings: booking-rules.service.ts), which every search applies:
 * read with each look rather than by each search (a round trip, and a query built, a search).
 */
const currentRules = sql`(select coalesce(json_agg(json_build_array(s.key, s.value)), '[]') from ${runTimeSettings} s)`;
export type RuleOverride = [key: string, value: number];
const epochMs = (column: string) => sql.raw(`(extract(epoch from b.${column}) * 1000)::bigint::float8`);
/** The car-blocking bookings not ended before `endsAfter`, as the search keeps them, each car's by start. */
const heldBookings = (endsAfter: Date, onlyCars?: SQL) => sql`
  select b.car_id as "carId", ${epochMs('pickup_at')} as start, ${epochMs('dropoff_at')} as "end",
    ${epochMs('hold_expires_at')} as hold
  from ${bookings} b
  where b.blocks_car and b.dropoff_at > ${endsAfter.toISOString()}::timestamptz ${onlyCars ? sql`and ${onlyCars}` : sql``}
  order by b.car_id, b.pickup_at`;

/** Cars of the reload read at a time (~10 bookings each at 10×): a million held bookings as rows were a million objects. */
const RELOAD_BATCH = 5_000;
/** Each car's held bookings as bytes: big-endian float8 triples (start, end, hold expiry or NaN), by start. */
const packedBookings = sql.raw(`string_agg(float8send((extract(epoch from b.pickup_at) * 1000)::bigint::float8)
  || float8send((extract(epoch from b.dropoff_at) * 1000)::bigint::float8)
  || float8send(coalesce((extract(epoch from b.hold_expires_at) * 1000)::bigint::float8, 'NaN')), ''::bytea
  order by b.pickup_at)`);

/** The big-endian float8s of `bytes` (PostgreSQL's float8send), as numbers. */
function float8s(bytes: Uint8Array): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numbers = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < numbers.length; i++) numbers[i] = view.getFloat64(8 * i);
  return numbers;
}

/**
 * Every car-blocking booking that has not ended before `endsAfter`, handed over car by car (`onCar`, each car once,
 * its bookings packed: BookingStore.setPacked), read through a cursor a few thousand cars at a time, and where to look
 * for changes from — one snapshot for all of it.
 */
export async function loadBlockingBookings(
  db: Db,
  endsAfter: Date,
  onCar: (carId: string, packed: Float64Array) => void,
) {
  return db.transaction(
    async (tx) => {
      // Every row is read, not the first few (a cursor's plan is made for a tenth: an index scan, 1 s slower at 10×),
      // and JIT compilation cost ~0.5 s at 10× for nothing.
      await tx.execute(sql`set local cursor_tuple_fraction = 1`);
      await tx.execute(sql`set local jit = off`);
      const head = await tx.execute(
        sql`select ${snapshotXmin} as xmin, (${currentFleetVersion}) as fleet, ${currentRules} as rules`,
      );
      const [row] = (head as unknown as { rows: { xmin: string; fleet: number | null; rules: RuleOverride[] }[] }).rows;
      await tx.execute(sql`declare held_bookings no scroll cursor for
        select b.car_id as "carId", ${packedBookings} as packed from ${bookings} b
        where b.blocks_car and b.dropoff_at > ${endsAfter.toISOString()}::timestamptz
        group by b.car_id order by b.car_id`);
      for (;;) {
        const batch = await tx.execute(sql.raw(`fetch forward ${RELOAD_BATCH} from held_bookings`));
        const rows = (batch as unknown as { rows: { carId: string; packed: Uint8Array }[] }).rows;
        for (const { carId, packed } of rows) onCar(carId, float8s(packed));
        if (rows.length < RELOAD_BATCH) break;
      }
      await tx.execute(sql`close held_bookings`);
      return { xmin: row?.xmin ?? '0', fleetVersion: Number(row?.fleet ?? 0), rules: row?.rules ?? [] };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Since `xmin` (see `snapshotXmin`): the cars with a booking written or deleted, each with every blocking booking it
 * has now (none for a car whose last one went); the cars changed themselves (`fleet_changes`); the fleet version and
 * the booking rules —
 * one statement (one snapshot, one round trip), answered from the changed_xid indexes and each touched car's bookings.
 */
export async function changesSince(db: Db, xmin: string, endsAfter: Date) {
  const result = await db.execute(sql`
    with touched as (
      select b.car_id from ${bookings} b where b.changed_xid >= ${xmin}::xid8
      union select t.car_id from ${bookingTombstones} t where t.changed_xid >= ${xmin}::xid8)
    select ${snapshotXmin} as xmin, (${currentFleetVersion}) as fleet,
      array(select car_id from touched)::text[] as cars,
      (select json_agg(json_build_array(h."carId", h.start, h."end", h.hold))
        from (${heldBookings(endsAfter, sql`b.car_id in (select car_id from touched)`)}) h) as held,
      array(select distinct f.car_id from ${fleetChanges} f where f.changed_xid >= ${xmin}::xid8)::text[] as "fleetCars",
      ${currentRules} as rules`);
  const [row] = (
    result as unknown as {
      rows: {
        xmin: string;
        fleet: number | null;
        cars: string[];
        held: [string, number, number, number | null][] | null;
        fleetCars: string[];
        rules: RuleOverride[];
      }[];
    }
  ).rows;
  const held = new Map<string, Block[]>((row?.cars ?? []).map((carId) => [carId, []]));
  for (const [carId, start, end, hold] of row?.held ?? []) {
    held.get(carId)?.push({ start, end, holdExpiresAt: hold });
  }
  return {
    xmin: row?.xmin ?? xmin,
    fleetVersion: Number(row?.fleet ?? 0),
    held,
    changedCars: row?.fleetCars ?? [],
    rules: row?.rules ?? [],
  };
}

/** Tombstones and the fleet's changes are read within a day (an index idle longer reloads everything). */
export async function pruneTombstones(db: Db, before: Date) {
  await db.delete(bookingTombstones).where(lt(bookingTombstones.deletedAt, before));
  await db.delete(fleetChanges).where(lt(fleetChanges.changedAt, before));
}

export async function findCar(db: DbOrTx, id: string): Promise<Car | null> {
  const [row] = await carsWithSupplier(db).where(and(eq(cars.id, id), isNull(cars.deletedAt)));
  if (!row) return null;
  const periods = await periodsOf(db, [id]);
  const photos = await photosOf(db, [id]);
  return toCar(row, periods.get(id) ?? [], photos.get(id) ?? []);
}

export async function carLocationsOf(db: DbOrTx, carId: string, language: Language) {
  const rows = await db
    .select({ id: locations.id, names: locations.names, timeZone: locations.timeZone })
    .from(carLocations)
    .innerJoin(locations, eq(locations.id, carLocations.locationId))
    .where(eq(carLocations.carId, carId));
  return rows
    .map((row) => ({ _id: row.id, name: row.names[language] ?? row.names.en ?? '', timeZone: row.timeZone }))
    .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
}

/** Public files only: licences are private (docs/architecture.md §5 Files) and temporary uploads are not served. */
const PUBLIC_FILE_KINDS: readonly string[] = ['avatar', 'carImage', 'supplierLogo'];

export async function findPublicFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ kind: files.kind, contentType: files.contentType, bytes: files.bytes, temporary: files.temporary })
    .from(files)
    .where(eq(files.id, id));
  // Only the public kinds: a licence and the counter's photos, signatures and documents are private (§5 "Files").
  if (!row || !PUBLIC_FILE_KINDS.includes(row.kind) || row.temporary) return null;
  return row;
}

/** A rate as the price engine takes it (contract price.ts `rate`): the discounted one when set, else the rate, else null. */
const rateOf = (price: AnyColumn, discounted: AnyColumn) =>
  sql`case when ${discounted} > 0 then ${discounted} when ${price} > 0 then ${price} end`;

/**
 * Per range: the least one rental day costs (the 'from … per day' of the home page), the supplier's percentage in —
 * contract price.ts `fromDailyPrice` for each car, in SQL: the cheapest of the daily rate and the 3-, 7- and 30-day
 * prices (never more for fewer days), or with date-based pricing of the daily rate and the periods not over by
 * `today`; then the percentage, rounded half up once (cars.test.ts holds the two to agree).
 */
export async function rangePrices(db: DbOrTx, today: string) {
  const dailyRate = sql`coalesce(${rateOf(cars.dailyPrice, cars.discountedDailyPrice)}, ${cars.dailyPrice})`;
  const periods = sql`(select min(${dateBasedPrices.dailyPrice}) from ${dateBasedPrices}
    where ${dateBasedPrices.carId} = ${cars.id} and ${dateBasedPrices.endDate} >= ${today}::date)`;
  const oneDay = sql`case when ${cars.isDateBasedPrice} then least(${dailyRate}, ${periods})
    else least(${dailyRate}, ${rateOf(cars.biWeeklyPrice, cars.discountedBiWeeklyPrice)},
      ${rateOf(cars.weeklyPrice, cars.discountedWeeklyPrice)}, ${rateOf(cars.monthlyPrice, cars.discountedMonthlyPrice)}) end`;
  const daily = sql<number>`min(greatest(0, round(${oneDay} * (100 + ${users.priceChangeRate}) / 100)))`;
  const rows = await db
    .select({ range: cars.range, fromDailyPrice: daily, carCount: sql<number>`count(*)` })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(and(eq(cars.available, true), eq(cars.comingSoon, false), isNull(cars.deletedAt)))
    .groupBy(cars.range)
    .orderBy(asc(cars.range));
  return rows.map((row) => ({
    range: row.range,
    fromDailyPrice: Number(row.fromDailyPrice),
    carCount: Number(row.carCount),
  }));
}
