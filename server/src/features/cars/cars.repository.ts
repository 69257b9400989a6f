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
  pickupLocationId: string;
  pickupAt: Date;
  dropoffAt: Date;
  filters: CarFilters;
  now: Date;
};

/**
 * Cars offered at the pick-up location or any location below it (recursive CTE), matching every filter but the
 * supplier filter, with no blocking booking overlapping the period (ARCHITECTURE §5: `blocks_car` and, for a hold,
 * not yet expired). Indexes used: car_locations_location_idx, and the exclusion constraint's gist index on
 * (car_id, period) for the booking check.
 */
export async function searchCandidates(db: DbOrTx, input: SearchCandidatesInput): Promise<Car[]> {
  const { pickupLocationId, pickupAt, dropoffAt, filters, now } = input;
  const atLocation = sql`exists (
    select 1 from ${carLocations} where ${carLocations.carId} = ${cars.id} and ${carLocations.locationId} in (
      with recursive tree(id) as (
        select l.id from ${locations} l where l.id = ${pickupLocationId}
        union
        select l.id from ${locations} l join tree on l.parent_id = tree.id
      )
      select id from tree))`;
  const free = sql`not exists (
    select 1 from ${bookings} b
    where b.car_id = ${cars.id} and b.blocks_car
      and (b.hold_expires_at is null or b.hold_expires_at > ${now.toISOString()}::timestamptz)
      and b.period && tstzrange(${pickupAt.toISOString()}::timestamptz, ${dropoffAt.toISOString()}::timestamptz, '[)'))`;
  const rows = await db
    .select(carColumns)
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(and(atLocation, free, ...filterConditions(filters)));
  const periods = await periodsOf(
    db,
    rows.filter((row) => row.car.isDateBasedPrice).map((row) => row.car.id),
  );
  return rows.map((row) => toCar(row, periods.get(row.car.id) ?? []));
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

export async function findLocationZone(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, id));
  return row?.timeZone ?? null;
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
