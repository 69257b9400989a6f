import type { AdminUsersQuery } from '@roam/contract/users';
import { and, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import {
  bookings,
  businessEmail,
  cars,
  files,
  newsletterSubscribers,
  notAMember,
  notifications,
  oneTimeTokens,
  sessions,
  userBookingCounts,
  users,
} from '#server/db/schema.ts';
import { presentFields } from '#server/lib/present-fields.ts';

// The admin's users slice: the only Drizzle code that lists, flags and erases accounts.

const live = isNull(users.deletedAt);
const others = alias(users, 'other');

/** `%` and `_` in a keyword are letters, not wildcards. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A driver's bookings, or a supplier's fleet's (rentals, never blocks). */
const bookingsOf = (userId: SQL | string) =>
  and(eq(bookings.kind, 'rental'), or(eq(bookings.driverId, userId), eq(bookings.supplierId, userId)));

export async function listUsers(db: DbOrTx, query: AdminUsersQuery, page: number, size: number) {
  const conditions: (SQL | undefined)[] = [live];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  if (query.types && query.types.length > 0) conditions.push(inArray(users.type, query.types));
  // "Suppliers" are the businesses: their members' accounts are of type supplier too, and are listed by their team
  // (docs/decisions/0010-members-of-a-business.md).
  if (query.types?.length === 1 && query.types[0] === 'supplier') conditions.push(notAMember(users.id));
  if (query.verified !== undefined) conditions.push(eq(users.verified, query.verified));
  if (query.suspended !== undefined) conditions.push(eq(users.blacklisted, query.suspended));
  const where = and(...conditions);
  // Kept by the database as bookings are written (schema-counts.ts): one row per account, not its bookings counted.
  const bookingCount = sql<number>`coalesce(${userBookingCounts.rentals}, 0)`;
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({
          id: users.id,
          type: users.type,
          fullName: users.fullName,
          // The house business's is its owner's, the admin's (docs/decisions/0013-the-owner-runs-their-own-business.md).
          email: businessEmail('users'),
          phone: users.phone,
          verified: users.verified,
          blacklisted: users.blacklisted,
          createdAt: users.createdAt,
          bookingCount,
        })
        .from(users)
        .leftJoin(userBookingCounts, eq(userBookingCounts.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .limit(size)
        .offset((page - 1) * size),
    () => db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0) };
}

export async function findLiveUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .limit(1);
  return row;
}

/** The account's latest bookings with the car's name and the other party's. */
export async function latestBookings(db: DbOrTx, userId: string, limit: number) {
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({
          id: bookings.id,
          status: bookings.status,
          carName: cars.name,
          counterpart: others.fullName,
          pickupAt: bookings.pickupAt,
          dropoffAt: bookings.dropoffAt,
          price: bookings.price,
        })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .innerJoin(
          others,
          eq(
            others.id,
            sql`case when ${bookings.driverId} = ${userId} then ${bookings.supplierId} else ${bookings.driverId} end`,
          ),
        )
        .where(bookingsOf(userId))
        .orderBy(desc(bookings.pickupAt), bookings.id)
        .limit(limit),
    () => db.select({ n: count() }).from(bookings).where(bookingsOf(userId)),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0) };
}

/** Locks the account's row: a concurrent change of it waits for this transaction. */
export async function lockUser(tx: DbOrTx, id: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), live))
    .for('update');
  return rows.length > 0;
}

/**
 * A booking of the account (as driver, or of a supplier's fleet) that holds a car now or later — a paid or pending
 * rental, or an unpaid one whose hold is live: it forbids deleting the account, and suspending it asks first.
 */
const currentOrFuture = (userId: string) =>
  and(
    bookingsOf(userId),
    eq(bookings.blocksCar, true),
    gt(bookings.dropoffAt, sql`now()`),
    or(ne(bookings.status, 'void'), gt(bookings.holdExpiresAt, sql`now()`)),
  );

export async function hasCurrentOrFutureBooking(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: bookings.id }).from(bookings).where(currentOrFuture(userId)).limit(1);
  return rows.length > 0;
}

export async function countCurrentOrFutureBookings(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(currentOrFuture(userId));
  return Number(row?.n ?? 0);
}

/** Sets the admin's flags (verified, suspended) of an account; only those given change. */
export async function setFlags(
  tx: DbOrTx,
  id: string,
  flags: { verified?: boolean | undefined; verifiedAt?: Date | undefined; blacklisted?: boolean | undefined },
) {
  await tx
    .update(users)
    .set({ ...presentFields(flags), updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Erases an account's personal data (delete): its row stays, anonymised, for the bookings that name it;
 * its sessions, links, notifications, files (avatar, licences, logo) and newsletter subscription go, and its bookings
 * lose what identifies the person (the additional driver, the browser and address keys).
 */
export async function eraseAccount(tx: DbOrTx, user: { id: string; email: string }, keepName: boolean) {
  const id = user.id;
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, id));
  await tx.delete(notifications).where(eq(notifications.userId, id));
  await tx
    .delete(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${user.email.toLowerCase()}`);
  await tx
    .update(bookings)
    .set({ additionalDriverDetails: null, guestTokenHash: null, clientKey: null, updatedAt: new Date() })
    .where(eq(bookings.driverId, id));
  await tx
    .update(users)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      ...(keepName ? {} : { fullName: '—' }),
      passwordHash: null,
      phone: null,
      location: null,
      bio: null,
      birthDate: null,
      avatarFileId: null,
      licenseFileId: null,
      logoFileId: null,
      contactEmail: null,
      enableEmailNotifications: false,
      blacklisted: true,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
  // Licences a booking carries are the driver's too: the booking's reference is cleared (ON DELETE SET NULL).
  await tx.delete(files).where(and(eq(files.ownerId, id), inArray(files.kind, ['avatar', 'license', 'supplierLogo'])));
}
