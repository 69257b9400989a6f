import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, cars, locations, users } from '../../db/schema.ts';

// The only Drizzle code of the cancellation queue (issue #23): bookings (never blocks) with an open request.

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');
const pickupPlace = alias(locations, 'pickup_place');

const columns = {
  booking: bookings,
  carName: cars.name,
  carCancellation: cars.cancellation,
  supplierName: supplier.fullName,
  driverName: driver.fullName,
  driverEmail: driver.email,
  driverLanguage: driver.language,
  driverNotifications: driver.enableEmailNotifications,
  pickupNames: pickupPlace.names,
};

function joined(db: DbOrTx) {
  return db
    .select(columns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId));
}
export type RequestRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

const open = (supplierId?: string) =>
  and(
    eq(bookings.kind, 'rental'),
    eq(bookings.cancelRequest, true),
    ne(bookings.status, 'cancelled'),
    supplierId ? eq(bookings.supplierId, supplierId) : undefined,
  );

/** Open requests, the longest waiting first. */
export async function openRequests(db: DbOrTx, supplierId: string | undefined, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(open(supplierId))
      .orderBy(sql`${bookings.cancelRequestedAt} asc nulls first`, asc(bookings.pickupAt), asc(bookings.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(bookings).where(open(supplierId)),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** A booking (not a block) with what a decision on its request needs. */
export async function findBooking(db: DbOrTx, id: string) {
  const [row] = await joined(db)
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'rental')))
    .limit(1);
  return row ?? null;
}

/** Locks the booking for the decision and reads what it is decided on. */
export async function lockBooking(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: bookings.status, cancelRequest: bookings.cancelRequest })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return row ?? null;
}

/** Approved: cancelled, the car free again, the request closed. */
export async function cancel(tx: DbOrTx, id: string) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', blocksCar: false, holdExpiresAt: null, cancelRequest: false, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** Declined: the request closed, the booking as it was. */
export async function closeRequest(tx: DbOrTx, id: string) {
  await tx.update(bookings).set({ cancelRequest: false, updatedAt: new Date() }).where(eq(bookings.id, id));
}
