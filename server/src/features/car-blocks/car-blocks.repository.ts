import type { BlockReason } from '@roam/contract/car-blocks';
import type { Language } from '@roam/contract/languages';
import { and, asc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, carLocations, locations, users } from '#server/db/schema.ts';

// The only Drizzle code of the blocked periods slice. A block is a `bookings` row of kind 'block':
// `reserved`, holding the car (blocks_car), so the exclusion constraint refuses a booking over it and a block over a
// booking, and the search index (which follows every bookings row) leaves the car out for it.

const blockColumns = {
  id: bookings.id,
  carId: bookings.carId,
  supplierId: bookings.supplierId,
  startAt: bookings.pickupAt,
  endAt: bookings.dropoffAt,
  reason: bookings.blockReason,
  note: bookings.blockNote,
  createdAt: bookings.createdAt,
};

export type BlockRow = {
  id: string;
  carId: string;
  supplierId: string;
  startAt: Date;
  endAt: Date;
  reason: BlockReason | null;
  note: string | null;
  createdAt: Date;
};

export async function findBlock(db: DbOrTx, id: string) {
  const [row] = await db
    .select(blockColumns)
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'block')))
    .limit(1);
  return (row as BlockRow | undefined) ?? null;
}

/** The car's first place (by id): a block's row names it as its pick-up and drop-off place. */
export async function firstPlaceOf(db: DbOrTx, carId: string) {
  const [row] = await db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(carLocations)
    .innerJoin(locations, eq(locations.id, carLocations.locationId))
    .where(eq(carLocations.carId, carId))
    .orderBy(asc(locations.id))
    .limit(1);
  return row ?? null;
}

export async function insertBlock(
  db: DbOrTx,
  block: {
    carId: string;
    supplierId: string;
    locationId: string;
    startAt: Date;
    endAt: Date;
    reason: BlockReason;
    note: string | null;
  },
) {
  const [row] = await db
    .insert(bookings)
    .values({
      kind: 'block',
      carId: block.carId,
      supplierId: block.supplierId,
      // A block has no driver: its row names the supplier (the column cannot be empty; no list shows a block).
      driverId: block.supplierId,
      pickupLocationId: block.locationId,
      dropoffLocationId: block.locationId,
      pickupAt: block.startAt,
      dropoffAt: block.endAt,
      status: 'reserved',
      blocksCar: true,
      paymentOption: 'payLater',
      price: 0,
      deposit: 0,
      payNow: 0,
      currency: 'EUR',
      chargedAmount: 0,
      blockReason: block.reason,
      blockNote: block.note,
    })
    .returning(blockColumns);
  return row as BlockRow;
}

export async function updateBlock(
  db: DbOrTx,
  id: string,
  values: { startAt: Date; endAt: Date; reason: BlockReason; note: string | null },
) {
  const [row] = await db
    .update(bookings)
    .set({
      pickupAt: values.startAt,
      dropoffAt: values.endAt,
      blockReason: values.reason,
      blockNote: values.note,
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'block')))
    .returning(blockColumns);
  return (row as BlockRow | undefined) ?? null;
}

export async function deleteBlock(db: DbOrTx, id: string) {
  await db.delete(bookings).where(and(eq(bookings.id, id), eq(bookings.kind, 'block')));
}

const overlapping = (carId: string, from: Date, to: Date) =>
  and(eq(bookings.carId, carId), lt(bookings.pickupAt, to), gt(bookings.dropoffAt, from));

export async function blocksBetween(db: DbOrTx, carId: string, from: Date, to: Date) {
  const rows = await db
    .select(blockColumns)
    .from(bookings)
    .where(and(overlapping(carId, from, to), eq(bookings.kind, 'block')))
    .orderBy(asc(bookings.pickupAt));
  return rows as BlockRow[];
}

const driver = alias(users, 'driver');
const pickupPlace = alias(locations, 'pickup_place');
const dropoffPlace = alias(locations, 'dropoff_place');

/** Rentals that hold the car over [from, to): a blocking status, or a payment hold not lapsed. */
export async function bookingsBetween(db: DbOrTx, carId: string, from: Date, to: Date, language: Language) {
  const rows = await db
    .select({
      booking: {
        id: bookings.id,
        pickupAt: bookings.pickupAt,
        dropoffAt: bookings.dropoffAt,
        status: bookings.status,
        paymentOption: bookings.paymentOption,
        cancelRequest: bookings.cancelRequest,
        driverId: bookings.driverId,
        pickupLocationId: bookings.pickupLocationId,
        dropoffLocationId: bookings.dropoffLocationId,
      },
      // What the operator typed at the desk, never the account's profile (second outside audit, item 1).
      driverName: sql<string>`coalesce(${bookings.deskCustomer}->>'fullName', ${driver.fullName})`,
      pickupNames: pickupPlace.names,
      dropoffNames: dropoffPlace.names,
    })
    .from(bookings)
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
    .innerJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId))
    .where(
      and(
        overlapping(carId, from, to),
        eq(bookings.kind, 'rental'),
        eq(bookings.blocksCar, true),
        or(ne(bookings.status, 'void'), gt(bookings.holdExpiresAt, sql`now()`)),
      ),
    )
    .orderBy(asc(bookings.pickupAt));
  const name = (names: Record<string, string>) => names[language] ?? names.en ?? '';
  return rows.map((row) => ({
    _id: row.booking.id,
    pickupAt: row.booking.pickupAt.toISOString(),
    dropoffAt: row.booking.dropoffAt.toISOString(),
    status: row.booking.status,
    paymentOption: row.booking.paymentOption,
    cancelRequest: row.booking.cancelRequest,
    driver: { _id: row.booking.driverId, name: row.driverName },
    pickupLocation: { _id: row.booking.pickupLocationId, name: name(row.pickupNames) },
    dropoffLocation: { _id: row.booking.dropoffLocationId, name: name(row.dropoffNames) },
  }));
}
