import { type Car, type CarFilters, fileUrl } from '@roam/contract/cars';
import type { CarOption, Language } from '@roam/contract/enums';
import { and, asc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, carLocations, cars, dateBasedPrices, files, locations, users } from '../../db/schema.ts';

// The only Drizzle code of the cars slice. Rows come out as contract `Car` objects.

const carColumns = {
  car: cars,
  supplierName: users.fullName,
  supplierLogoFileId: users.logoFileId,
  priceChangeRate: users.priceChangeRate,
  payLater: users.payLater,
  licenseRequired: users.licenseRequired,
};

type CarRow = {
  car: typeof cars.$inferSelect;
  supplierName: string;
  supplierLogoFileId: string | null;
  priceChangeRate: number;
  payLater: boolean;
  licenseRequired: boolean;
};

function toCar(row: CarRow, periods: Car['dateBasedPrices']): Car {
  const { car } = row;
  return {
    _id: car.id,
    name: car.name,
    image: fileUrl(car.imageFileId),
    supplier: {
      _id: car.supplierId,
      fullName: row.supplierName,
      logo: fileUrl(row.supplierLogoFileId),
      priceChangeRate: Number(row.priceChangeRate),
      payLater: row.payLater,
      licenseRequired: row.licenseRequired,
    },
    range: car.range,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    seats: car.seats,
    doors: car.doors,
    aircon: car.aircon,
    mileage: car.mileage,
    fuelPolicy: car.fuelPolicy,
    multimedia: car.multimedia as CarOption[],
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

async function periodsOf(db: DbOrTx, carIds: string[]): Promise<Map<string, Car['dateBasedPrices']>> {
  const byCar = new Map<string, Car['dateBasedPrices']>();
  if (carIds.length === 0) return byCar;
  const rows = await db
    .select()
    .from(dateBasedPrices)
    .where(inArray(dateBasedPrices.carId, carIds))
    .orderBy(asc(dateBasedPrices.startDate));
  for (const row of rows) {
    const list = byCar.get(row.carId) ?? [];
    list.push({ startDate: row.startDate, endDate: row.endDate, dailyPrice: row.dailyPrice });
    byCar.set(row.carId, list);
  }
  return byCar;
}

/** Every SQL condition of the filters, except the supplier filter (the supplier counts are taken without it). */
function filterConditions(filters: CarFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.ranges.length > 0) where.push(inArray(cars.range, filters.ranges));
  if (filters.minRating !== undefined) where.push(gte(cars.rating, filters.minRating));
  if (filters.seats === '5+') where.push(gt(cars.seats, 5));
  else if (filters.seats !== undefined) where.push(eq(cars.seats, Number(filters.seats)));
  if (filters.specs.includes('aircon')) where.push(eq(cars.aircon, true));
  if (filters.specs.includes('doors4plus')) where.push(gte(cars.doors, 4));
  if (filters.specs.includes('seats5plus')) where.push(gte(cars.seats, 5));
  if (filters.multimedia.length > 0) {
    where.push(
      sql`${cars.multimedia} @> array[${sql.join(
        filters.multimedia.map((option) => sql`${option}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (filters.fuelTypes.length > 0) where.push(inArray(cars.fuelType, filters.fuelTypes));
  if (filters.gearboxes.length > 0) where.push(inArray(cars.gearbox, filters.gearboxes));
  if (filters.mileage.length === 1) {
    where.push(filters.mileage[0] === 'unlimited' ? eq(cars.mileage, -1) : ne(cars.mileage, -1));
  }
  if (filters.fuelPolicies.length > 0) where.push(inArray(cars.fuelPolicy, filters.fuelPolicies));
  if (filters.maxDeposit !== undefined) where.push(lte(cars.deposit, filters.maxDeposit));
  return where;
}

export type SearchCandidatesInput = {
  /** The pick-up location and every location below it (see `locationTree`). */
  locationIds: string[];
  pickupAt: Date;
  dropoffAt: Date;
  filters: CarFilters;
  now: Date;
};

/** What the search needs of every candidate to price, label and sort it; the page's cars are read in full after. */
export type SearchCandidate = Pick<
  Car,
  | 'dailyPrice'
  | 'discountedDailyPrice'
  | 'hourlyPrice'
  | 'discountedHourlyPrice'
  | 'biWeeklyPrice'
  | 'discountedBiWeeklyPrice'
  | 'weeklyPrice'
  | 'discountedWeeklyPrice'
  | 'monthlyPrice'
  | 'discountedMonthlyPrice'
  | 'isDateBasedPrice'
  | 'dateBasedPrices'
  | 'deposit'
  | 'available'
  | 'fullyBooked'
  | 'comingSoon'
  | 'rating'
> & { _id: string; supplierId: string };

export type SearchSupplier = { id: string; fullName: string; priceChangeRate: number };

type CandidateTuple = [
  id: string,
  supplierId: string,
  dailyPrice: number,
  discountedDailyPrice: number | null,
  hourlyPrice: number | null,
  discountedHourlyPrice: number | null,
  biWeeklyPrice: number | null,
  discountedBiWeeklyPrice: number | null,
  weeklyPrice: number | null,
  discountedWeeklyPrice: number | null,
  monthlyPrice: number | null,
  discountedMonthlyPrice: number | null,
  isDateBasedPrice: boolean,
  deposit: number,
  available: boolean,
  fullyBooked: boolean,
  comingSoon: boolean,
  rating: number | null,
];
type PeriodTuple = [carId: string, startDate: string, endDate: string, dailyPrice: number];

/**
 * Cars offered at any of `locationIds`, matching every filter but the supplier filter, with no blocking booking
 * overlapping the period (ARCHITECTURE §5: `blocks_car` and, for a hold, not yet expired), and their suppliers.
 *
 * Shape (issue #8, measured on 10k cars / 200k bookings): the plan is driven by the places
 * (car_locations_location_idx) and the booking check is an anti-join on the exclusion constraint's gist index on
 * (car_id, period), whose predicate (`blocks_car`) the query repeats. A big city has ~1,800 candidates: they come
 * back as ONE json value holding only the pricing and sorting fields (decoding thousands of 45-column rows was most
 * of a search's time on PGlite, which runs in the server's thread), with the suppliers in the same round trip.
 */
export async function searchCandidates(
  db: DbOrTx,
  input: SearchCandidatesInput,
): Promise<{ candidates: SearchCandidate[]; suppliers: Map<string, SearchSupplier> }> {
  const { locationIds, pickupAt, dropoffAt, filters, now } = input;
  if (locationIds.length === 0) return { candidates: [], suppliers: new Map() };
  const where = and(
    sql`${cars.id} in (select ${carLocations.carId} from ${carLocations} where ${inArray(carLocations.locationId, locationIds)})`,
    sql`not exists (
      select 1 from ${bookings} b
      where b.car_id = ${cars.id} and b.blocks_car
        and b.period && tstzrange(${pickupAt.toISOString()}::timestamptz, ${dropoffAt.toISOString()}::timestamptz, '[)')
        and (b.hold_expires_at is null or b.hold_expires_at > ${now.toISOString()}::timestamptz))`,
    ...filterConditions(filters),
  );
  const result = await db.execute(sql`
    with found as (
      select ${cars.id} as id, ${cars.supplierId} as supplier_id, json_build_array(${cars.id}, ${cars.supplierId},
        ${cars.dailyPrice}, ${cars.discountedDailyPrice}, ${cars.hourlyPrice}, ${cars.discountedHourlyPrice},
        ${cars.biWeeklyPrice}, ${cars.discountedBiWeeklyPrice}, ${cars.weeklyPrice}, ${cars.discountedWeeklyPrice},
        ${cars.monthlyPrice}, ${cars.discountedMonthlyPrice}, ${cars.isDateBasedPrice}, ${cars.deposit},
        ${cars.available}, ${cars.fullyBooked}, ${cars.comingSoon}, ${cars.rating}) as tuple,
        ${cars.isDateBasedPrice} as dated
      from ${cars} where ${where}
    )
    select (select json_agg(tuple) from found) as cars,
      (select json_agg(json_build_array(u.id, u.full_name, u.price_change_rate)) from ${users} u
        where u.id in (select supplier_id from found)) as suppliers,
      (select json_agg(json_build_array(p.car_id, p.start_date, p.end_date, p.daily_price) order by p.start_date)
        from ${dateBasedPrices} p where p.car_id in (select id from found where dated)) as periods`);
  const [row] = (
    result as unknown as {
      rows: {
        cars: CandidateTuple[] | null;
        suppliers: [string, string, number][] | null;
        periods: PeriodTuple[] | null;
      }[];
    }
  ).rows;
  const suppliers = new Map<string, SearchSupplier>();
  for (const [id, fullName, priceChangeRate] of row?.suppliers ?? []) {
    suppliers.set(id, { id, fullName, priceChangeRate: Number(priceChangeRate) });
  }
  const periods = new Map<string, Car['dateBasedPrices']>();
  for (const [carId, startDate, endDate, dailyPrice] of row?.periods ?? []) {
    const list = periods.get(carId) ?? [];
    list.push({ startDate, endDate, dailyPrice });
    periods.set(carId, list);
  }
  const candidates = (row?.cars ?? [])
    .filter((tuple) => suppliers.has(tuple[1]))
    .map(
      (t): SearchCandidate => ({
        _id: t[0],
        supplierId: t[1],
        dailyPrice: t[2],
        discountedDailyPrice: t[3],
        hourlyPrice: t[4],
        discountedHourlyPrice: t[5],
        biWeeklyPrice: t[6],
        discountedBiWeeklyPrice: t[7],
        weeklyPrice: t[8],
        discountedWeeklyPrice: t[9],
        monthlyPrice: t[10],
        discountedMonthlyPrice: t[11],
        isDateBasedPrice: t[12],
        deposit: t[13],
        available: t[14],
        fullyBooked: t[15],
        comingSoon: t[16],
        rating: t[17] === null ? null : Number(t[17]),
        dateBasedPrices: periods.get(t[0]) ?? [],
      }),
    );
  return { candidates, suppliers };
}

/** Whole cars (supplier and date-based periods included) by id, in the order of `ids`; unknown ids are left out. */
export async function findCars(db: DbOrTx, ids: string[]): Promise<Car[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(carColumns)
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(inArray(cars.id, ids));
  const periods = await periodsOf(
    db,
    rows.filter((row) => row.car.isDateBasedPrice).map((row) => row.car.id),
  );
  const byId = new Map(rows.map((row) => [row.car.id, toCar(row, periods.get(row.car.id) ?? [])]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every location's time zone and children: what a search needs to know about places. */
export type LocationTree = { zones: Map<string, string>; children: Map<string, string[]> };

/**
 * Locations change only with the demo data (no call edits them), so their tree is read once a minute per database
 * instead of twice per search (time zones) plus a recursive query (the places below the pick-up location).
 */
const TREE_TTL_MS = 60_000;
const trees = new WeakMap<object, { loadedAt: number; tree: Promise<LocationTree> }>();

async function loadLocationTree(db: DbOrTx): Promise<LocationTree> {
  const rows = await db
    .select({ id: locations.id, parentId: locations.parentId, timeZone: locations.timeZone })
    .from(locations);
  const tree: LocationTree = { zones: new Map(), children: new Map() };
  for (const row of rows) {
    tree.zones.set(row.id, row.timeZone);
    if (row.parentId) tree.children.set(row.parentId, [...(tree.children.get(row.parentId) ?? []), row.id]);
  }
  return tree;
}

/** `fresh`: read it again now (a location the cached tree does not know may have been added since). */
export function locationTree(db: DbOrTx, fresh = false): Promise<LocationTree> {
  const cached = trees.get(db);
  if (!fresh && cached && Date.now() - cached.loadedAt < TREE_TTL_MS) return cached.tree;
  const tree = loadLocationTree(db);
  trees.set(db, { loadedAt: Date.now(), tree });
  tree.catch(() => trees.delete(db));
  return tree;
}

/** The location and every location below it (any depth), or [] when it does not exist. */
export function locationAndBelow(tree: LocationTree, id: string): string[] {
  if (!tree.zones.has(id)) return [];
  const found = [id];
  for (let i = 0; i < found.length; i++) {
    for (const child of tree.children.get(found[i] as string) ?? []) if (!found.includes(child)) found.push(child);
  }
  return found;
}

export async function findCar(db: DbOrTx, id: string): Promise<Car | null> {
  const [row] = await db
    .select(carColumns)
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(eq(cars.id, id));
  if (!row) return null;
  const periods = await periodsOf(db, [id]);
  return toCar(row, periods.get(id) ?? []);
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

/** Public files only: licences are private (ARCHITECTURE §5 Files) and temporary uploads are not served. */
export async function findPublicFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ kind: files.kind, contentType: files.contentType, bytes: files.bytes, temporary: files.temporary })
    .from(files)
    .where(eq(files.id, id));
  if (!row || row.kind === 'license' || row.temporary) return null;
  return row;
}

/** Per range: the lowest daily price a driver can book (discount and supplier percentage applied). */
export async function rangePrices(db: DbOrTx) {
  const daily = sql<number>`min(round(coalesce(nullif(${cars.discountedDailyPrice}, 0), ${cars.dailyPrice}) * (100 + ${users.priceChangeRate}) / 100))`;
  const rows = await db
    .select({ range: cars.range, fromDailyPrice: daily, carCount: sql<number>`count(*)` })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(and(eq(cars.available, true), eq(cars.comingSoon, false)))
    .groupBy(cars.range)
    .orderBy(asc(cars.range));
  return rows.map((row) => ({
    range: row.range,
    fromDailyPrice: Number(row.fromDailyPrice),
    carCount: Number(row.carCount),
  }));
}
