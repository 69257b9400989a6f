import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, cars, locations, promoCodes, promoCodeUses } from '#server/db/schema.ts';

// The only Drizzle code of promo codes. A use counts while its booking holds it: not cancelled, and not an unpaid
// online hold that lapsed or was released (docs/architecture.md §5 "Promo codes") — so a cancellation gives the use
// back with no write of its own.

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;

/** The uses a booking holds at `now`, as a SQL condition on `bookings`. */
const holdsUse = (now: Date) =>
  sql`${bookings.status} <> 'cancelled' and (${bookings.status} <> 'void' or (${bookings.blocksCar} and ${bookings.holdExpiresAt} > ${now.toISOString()}))`;

/**
 * The code's uses held at `now`, as a column of a select from `promo_codes` (its id written out: drizzle leaves the
 * table's name off the columns of a select without a join, and `id` would then be the booking's).
 */
const usesOf = (now: Date) =>
  sql<number>`(select count(*)::int from ${promoCodeUses} join ${bookings} on ${bookings.id} = ${promoCodeUses.bookingId}
    where ${promoCodeUses.promoCodeId} = ${sql.raw('"promo_codes"."id"')} and ${holdsUse(now)})`;

/** A business's codes and the platform's (`supplierId` null: every code), each with its uses held at `now`. */
export async function listCodes(db: DbOrTx, supplierId: string | null, now: Date) {
  return db
    .select({ code: promoCodes, uses: usesOf(now) })
    .from(promoCodes)
    .where(supplierId ? eq(promoCodes.supplierId, supplierId) : undefined)
    .orderBy(asc(promoCodes.code));
}

export async function findCode(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .select({ code: promoCodes, uses: usesOf(now) })
    .from(promoCodes)
    .where(eq(promoCodes.id, id))
    .limit(1);
  return row ?? null;
}

/** The active code typed, of the car's business or the platform's. */
export async function findUsableCode(db: DbOrTx, code: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.active, true),
        or(eq(promoCodes.supplierId, supplierId), isNull(promoCodes.supplierId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertCode(db: DbOrTx, values: NewPromoCode) {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updateCode(db: DbOrTx, id: string, values: Partial<NewPromoCode>) {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row ?? null;
}

export async function deleteCode(db: DbOrTx, id: string) {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}

/**
 * The code's row, locked until the transaction ends: checkouts with one code take their turn, so the count of its
 * uses and the use inserted after it cannot interleave (100 customers racing for the last use: one gets it).
 */
export async function lockCode(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row ?? null;
}

/** The code's uses held at `now`: every customer's, and the driver's own. */
export async function countUses(db: DbOrTx, promoCodeId: string, driverId: string | null, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${promoCodeUses.driverId} = ${driverId})::int`,
    })
    .from(promoCodeUses)
    .innerJoin(bookings, eq(bookings.id, promoCodeUses.bookingId))
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), holdsUse(now)));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/** Whether the driver has a rental (other than `exceptBookingId`) that is not cancelled nor a lapsed unpaid hold. */
export async function hasEarlierBooking(db: DbOrTx, driverId: string, now: Date, exceptBookingId?: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        eq(bookings.kind, 'rental'),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
        holdsUse(now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUse(db: DbOrTx, values: typeof promoCodeUses.$inferInsert) {
  await db.insert(promoCodeUses).values(values);
}

/** The cars of `ids` that exist, with their business. */
export function carsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: cars.id, supplierId: cars.supplierId }).from(cars).where(inArray(cars.id, ids));
}

/** The places of `ids` that exist, with their time zone. */
export function placesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.id, ids));
}
