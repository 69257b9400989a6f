import type { BookingStatus } from '@roam/contract/bookings';
import { looksLikeReference, normalizeReference } from '@roam/contract/bookings';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookings, businessEmail, cars, locations, memberships, users } from '#server/db/schema.ts';
import { ledgerColumn } from '#server/features/ledger/ledger.service.ts';
import { presentFields } from '#server/lib/present-fields.ts';

// The only Drizzle code of the bookings slice.

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');
const pickupPlace = alias(locations, 'pickup_place');
const dropoffPlace = alias(locations, 'dropoff_place');

/**
 * Who sees what (docs/architecture.md §5): a driver their own bookings, a business's members its fleet's (at their branches,
 * when limited to some), the platform all. `now` decides
 * which of a driver's unpaid attempts still exist for them (contract booking-actions.ts).
 */
export type Scope =
  | { kind: 'driver'; userId: string; now: Date }
  | { kind: 'supplier'; userId: string; branchIds: string[] }
  | { kind: 'admin' };

/**
 * An unpaid online booking is one to its driver only while its hold lasts (contract
 * booking-actions.ts `holdIsLive`): a declined, abandoned or lapsed attempt never became a booking.
 */
const existsForDriver = (now: Date) =>
  or(ne(bookings.status, 'void'), and(isNotNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)));

/** A blocked period (a `bookings` row of kind 'block') is never a booking to anyone. */
const isRental = eq(bookings.kind, 'rental');

/**
 * The driver's name as a booking shows it: what the operator typed at the desk when it was booked there, never the
 * account's own profile (second outside audit, item 1: a desk booking for an existing driver's e-mail read their name).
 */
export const bookingDriverName = sql<string>`coalesce(${bookings.deskCustomer}->>'fullName', ${driver.fullName})`;

export function scopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'driver') {
    // A booking the driver refused (made in their name at the desk) is not theirs any more.
    return and(isRental, eq(bookings.driverId, scope.userId), isNull(bookings.refusedAt), existsForDriver(scope.now));
  }
  if (scope.kind === 'supplier')
    return and(
      isRental,
      eq(bookings.supplierId, scope.userId),
      // A member limited to branches: the bookings picked up or returned there.
      scope.branchIds.length > 0
        ? or(inArray(bookings.pickupLocationId, scope.branchIds), inArray(bookings.dropoffLocationId, scope.branchIds))
        : undefined,
    );
  return isRental;
}

const rowColumns = {
  booking: bookings,
  carName: cars.name,
  carImageFileId: cars.imageFileId,
  carRange: cars.range,
  /** What the booking took in and gave back (the ledger), for its balance: contract `bookingBalance`. */
  ledger: ledgerColumn(bookings.id),
  supplierName: supplier.fullName,
  driverName: bookingDriverName,
  driverEmail: driver.email,
  driverPhone: driver.phone,
  driverLanguage: driver.language,
  driverNotifications: driver.enableEmailNotifications,
  /** The house business's go to its owner, the admin (docs/decisions/0013-the-owner-runs-their-own-business.md). */
  supplierEmail: businessEmail('supplier'),
  supplierLanguage: supplier.language,
  supplierNotifications: supplier.enableEmailNotifications,
  pickupNames: pickupPlace.names,
  pickupTimeZone: pickupPlace.timeZone,
  pickupAddress: pickupPlace.address,
  dropoffNames: dropoffPlace.names,
  dropoffTimeZone: dropoffPlace.timeZone,
  dropoffAddress: dropoffPlace.address,
};

function joined(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
    .innerJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId));
}
export type BookingRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export type ListFilter = { statuses: BookingStatus[]; from?: Date; to?: Date; keyword?: string };

export async function listBookings(db: DbOrTx, scope: Scope, filter: ListFilter, page: number, size: number) {
  const keyword = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // A reference as people write it (any case, with a space or a dash): found exactly.
  const reference = filter.keyword && looksLikeReference(filter.keyword) ? normalizeReference(filter.keyword) : null;
  const where = and(
    scopeCondition(scope),
    filter.statuses.length > 0 ? inArray(bookings.status, filter.statuses) : undefined,
    filter.from ? gte(bookings.pickupAt, filter.from) : undefined,
    filter.to ? lt(bookings.pickupAt, filter.to) : undefined,
    keyword
      ? or(
          ilike(cars.name, keyword),
          ilike(bookingDriverName, keyword),
          ilike(driver.email, keyword),
          ilike(supplier.fullName, keyword),
          sql`${bookings.id}::text ilike ${keyword}`,
          ilike(bookings.reference, keyword),
          reference ? eq(bookings.reference, reference) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await readTogether(db, [
    () =>
      joined(db)
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(size)
        .offset((page - 1) * size),
    () =>
      db
        .select({ n: count() })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .innerJoin(driver, eq(driver.id, bookings.driverId))
        .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
        .where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** Open cancellation requests of one supplier's fleet or of all, the longest waiting first. */
export async function openCancellationRequests(
  db: DbOrTx,
  supplierId: string | undefined,
  page: number,
  size: number,
  branchIds: string[] = [],
) {
  const where = and(
    isRental,
    eq(bookings.cancelRequest, true),
    ne(bookings.status, 'cancelled'),
    supplierId ? scopeCondition({ kind: 'supplier', userId: supplierId, branchIds }) : undefined,
  );
  const [rows, [total]] = await readTogether(db, [
    () =>
      joined(db)
        .where(where)
        .orderBy(sql`${bookings.cancelRequestedAt} asc nulls first`, asc(bookings.pickupAt), asc(bookings.id))
        .limit(size)
        .offset((page - 1) * size),
    () => db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

export async function findBooking(db: DbOrTx, id: string) {
  const [row] = await joined(db)
    .where(and(eq(bookings.id, id), isRental))
    .limit(1);
  return row ?? null;
}

/** Bookings among `ids` the scope may act on (for all-or-nothing bulk calls), with what their actions depend on. */
export async function visibleIds(db: DbOrTx, scope: Scope, ids: string[]) {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      driverId: bookings.driverId,
      supplierId: bookings.supplierId,
      pickupAt: bookings.pickupAt,
      cancelRequest: bookings.cancelRequest,
      holdExpiresAt: bookings.holdExpiresAt,
      pickupLocationId: bookings.pickupLocationId,
      dropoffLocationId: bookings.dropoffLocationId,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), scopeCondition(scope)));
  return rows;
}

export async function findLocation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: locations.id,
      timeZone: locations.timeZone,
      openingHours: locations.openingHours,
      countryId: locations.countryId,
    })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

/** Changes the fields `values` carries, and only those. */
export async function updateBooking(db: DbOrTx, id: string, values: Partial<typeof bookings.$inferInsert>) {
  await db
    .update(bookings)
    .set({ ...presentFields(values), updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** Locks the bookings for the rest of the transaction and reads what a change is decided on. */
export async function lockBookings(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: bookings.id, status: bookings.status, cancelRequest: bookings.cancelRequest })
    .from(bookings)
    .where(inArray(bookings.id, ids))
    .orderBy(bookings.id)
    .for('update');
}

/** An unpaid online booking its driver let go: the car is free again; a payment since then changes nothing. */
export type BookingRow = typeof bookings.$inferSelect;

/** The booking's row, locked for the rest of the transaction `tx` (one change at a time). */
export async function lockBooking(tx: DbOrTx, id: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row ?? null;
}

/** Whether another booking or block that still keeps the car overlaps [from, to) at `now` (a change's quote). */
export async function carTakenBetween(db: DbOrTx, carId: string, exceptId: string, from: Date, to: Date, now: Date) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, carId),
        ne(bookings.id, exceptId),
        eq(bookings.blocksCar, true),
        lt(bookings.pickupAt, to),
        gt(bookings.dropoffAt, from),
        or(sql`${bookings.holdExpiresAt} is null`, gt(bookings.holdExpiresAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function releaseHold(db: DbOrTx, id: string) {
  await db
    .update(bookings)
    .set({ blocksCar: false, holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'void'), sql`${bookings.paidAt} is null`));
}

export async function setStatuses(db: DbOrTx, ids: string[], status: BookingStatus, blocksCar: boolean) {
  await db
    .update(bookings)
    .set({ status, blocksCar, holdExpiresAt: null, updatedAt: new Date() })
    .where(inArray(bookings.id, ids));
}

export async function deleteBookings(db: DbOrTx, ids: string[]) {
  await db.delete(bookings).where(inArray(bookings.id, ids));
}

/**
 * The platform's admins, but the one who runs `businessId` as the house business: that admin is told as its owner
 * already (docs/decisions/0013-the-owner-runs-their-own-business.md), once.
 */
export async function admins(db: DbOrTx, businessId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(
      and(
        eq(users.type, 'admin'),
        sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id}
          and ${memberships.businessId} = ${businessId})`,
      ),
    );
}
