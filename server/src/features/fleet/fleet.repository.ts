import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  bookings,
  carLocations,
  cars,
  dateBasedPrices,
  files,
  locations,
  notAMember,
  users,
} from '#server/db/schema.ts';
import { findDateBasedPrices } from '#server/lib/car-pricing.repository.ts';

// The only Drizzle code of the fleet slice: the operator's cars, their places, date-based prices and
// image. Every write here bumps what the car search's index watches (triggers of migration 0005 on cars,
// car_locations and date_based_prices), so a search sees it at once.

export type CarRow = typeof cars.$inferSelect;
export type Period = { startDate: string; endDate: string; dailyPrice: number };

/** A car that is not deleted, with its supplier's name and percentage. */
export async function findCar(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ car: cars, supplierName: users.fullName, priceChangeRate: users.priceChangeRate })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(and(eq(cars.id, id), isNull(cars.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The car's date-based price periods, by start. */
export const periodsOf = findDateBasedPrices;

/** Which of `ids` are locations. */
export async function existingLocations(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function isSupplier(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'supplier'), notAMember(users.id)))
    .limit(1);
  return rows.length > 0;
}

/** Whether another live car of the supplier has this plate. */
export async function plateTaken(db: DbOrTx, supplierId: string, plate: string, exceptCarId?: string) {
  const rows = await db
    .select({ id: cars.id })
    .from(cars)
    .where(
      and(
        eq(cars.supplierId, supplierId),
        eq(cars.licensePlate, plate),
        isNull(cars.deletedAt),
        exceptCarId ? ne(cars.id, exceptCarId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The supplier's live cars (those with these plates when given), by plate then name (fleet import, export). */
export async function supplierCars(db: DbOrTx, supplierId: string, plates?: string[]) {
  if (plates?.length === 0) return [];
  return db
    .select()
    .from(cars)
    .where(
      and(
        eq(cars.supplierId, supplierId),
        isNull(cars.deletedAt),
        plates ? inArray(cars.licensePlate, plates) : undefined,
      ),
    )
    .orderBy(cars.licensePlate, cars.name, cars.id);
}

/** `columns` holds every required column of a car (fleet fleet.mapper.ts `columnsOf` of a complete car). */
export async function insertCar(db: DbOrTx, supplierId: string, columns: Partial<typeof cars.$inferInsert>) {
  const values = { ...columns, supplierId } as typeof cars.$inferInsert;
  const [row] = await db.insert(cars).values(values).returning({ id: cars.id });
  return row!.id;
}

export async function updateCar(db: DbOrTx, id: string, values: Partial<typeof cars.$inferInsert>) {
  await db
    .update(cars)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cars.id, id));
}

export async function replacePlaces(db: DbOrTx, carId: string, locationIds: string[]) {
  await db.delete(carLocations).where(eq(carLocations.carId, carId));
  if (locationIds.length > 0)
    await db.insert(carLocations).values(locationIds.map((locationId) => ({ carId, locationId })));
}

export async function replacePeriods(db: DbOrTx, carId: string, periods: Period[]) {
  await db.delete(dateBasedPrices).where(eq(dateBasedPrices.carId, carId));
  if (periods.length > 0) await db.insert(dateBasedPrices).values(periods.map((period) => ({ carId, ...period })));
}

/** Bookings (not blocks) that hold the car, or a live payment hold, and have not ended: they forbid a deletion. */
const holdsCarNow = and(
  eq(bookings.kind, 'rental'),
  eq(bookings.blocksCar, true),
  gt(bookings.dropoffAt, sql`now()`),
  or(ne(bookings.status, 'void'), gt(bookings.holdExpiresAt, sql`now()`)),
);

/** Locks the car's row (a checkout inserting a booking of it waits); false when it is gone or already deleted. */
export async function lockLiveCar(tx: DbOrTx, carId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
    .for('update');
  return rows.length > 0;
}

/** Whether a booking (not a block) holds the car now or later. */
export async function hasCurrentOrFutureBooking(tx: DbOrTx, carId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.carId, carId), holdsCarNow))
    .limit(1);
  return rows.length > 0;
}

/** Locks every live car of a supplier (a checkout of one of them waits) and answers their ids. */
export async function lockSupplierCars(tx: DbOrTx, supplierId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.supplierId, supplierId), isNull(cars.deletedAt)))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Takes the car out of the fleet: no places (so no search lists it and checkout refuses it), not available, its
 * blocks gone; the row stays for the bookings it had.
 */
export async function softDeleteCar(tx: DbOrTx, carId: string) {
  await tx.delete(carLocations).where(eq(carLocations.carId, carId));
  await tx.delete(bookings).where(and(eq(bookings.carId, carId), eq(bookings.kind, 'block')));
  await tx
    .update(cars)
    .set({ deletedAt: new Date(), available: false, comingSoon: false, updatedAt: new Date() })
    .where(eq(cars.id, carId));
}

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  return row!.id;
}

/**
 * The drivers' bookings of `carIds` that hold the car and have not ended at `now` — not its blocked periods nor its
 * void holds —, each car's by pick-up (the operator's cars list: how many are coming, and the next).
 */
export async function upcomingRentals(db: DbOrTx, carIds: string[], now: Date) {
  if (carIds.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      carId: bookings.carId,
      pickupAt: bookings.pickupAt,
      dropoffAt: bookings.dropoffAt,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.carId, carIds),
        eq(bookings.blocksCar, true),
        eq(bookings.kind, 'rental'),
        ne(bookings.status, 'void'),
        gt(bookings.dropoffAt, now),
      ),
    )
    .orderBy(bookings.carId, bookings.pickupAt, bookings.id);
}
