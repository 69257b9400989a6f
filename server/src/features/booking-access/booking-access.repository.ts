import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingAccess, bookings, users } from '#server/db/schema.ts';

// The only Drizzle code of the booking-access slice.

/** The booking with this reference (or id), with its driver's address and language, or null. */
export async function findByReference(db: DbOrTx, reference: string, by: 'reference' | 'id' = 'reference') {
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      kind: bookings.kind,
      driverId: bookings.driverId,
      driverEmail: users.email,
      driverLanguage: users.language,
      chargedAmount: bookings.chargedAmount,
      currency: bookings.currency,
      holdExpiresAt: bookings.holdExpiresAt,
      blocksCar: bookings.blocksCar,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(eq(bookings[by], reference))
    .limit(1);
  return row ?? null;
}

export async function insertAccess(db: DbOrTx, row: typeof bookingAccess.$inferInsert) {
  await db.insert(bookingAccess).values(row);
}

/** Rows a day past their end are of no use to anyone. */
export async function deleteExpired(db: DbOrTx, before: Date) {
  await db.delete(bookingAccess).where(lt(bookingAccess.expiresAt, before));
}

/** Uses a link once: marked used if it is an unused, unexpired link; its booking, or null. */
export async function useLink(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(bookingAccess)
    .set({ usedAt: now })
    .where(
      and(
        eq(bookingAccess.tokenHash, tokenHash),
        eq(bookingAccess.kind, 'link'),
        isNull(bookingAccess.usedAt),
        gt(bookingAccess.expiresAt, now),
      ),
    )
    .returning({ bookingId: bookingAccess.bookingId });
  return row ?? null;
}

/** The booking of a link, used or not, expired or not; null for a token that was never a link. */
export async function linkBooking(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ bookingId: bookingAccess.bookingId })
    .from(bookingAccess)
    .where(and(eq(bookingAccess.tokenHash, tokenHash), eq(bookingAccess.kind, 'link')))
    .limit(1);
  return row ?? null;
}

/** The driver of `bookingId` when `tokenHash` is a live grant to that booking, or null. */
export async function grantedDriver(db: DbOrTx, tokenHash: string, bookingId: string, now: Date) {
  const [row] = await db
    .select({ user: users })
    .from(bookingAccess)
    .innerJoin(bookings, eq(bookings.id, bookingAccess.bookingId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        eq(bookingAccess.tokenHash, tokenHash),
        eq(bookingAccess.kind, 'grant'),
        eq(bookingAccess.bookingId, bookingId),
        gt(bookingAccess.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.user ?? null;
}
