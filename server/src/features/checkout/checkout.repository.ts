import { and, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, locations } from '#server/db/schema.ts';
import { pgConstraint, pgErrorCode } from '#server/lib/pg-error.ts';

// The only Drizzle code of the checkout slice.

export async function findLocations(db: DbOrTx, ids: string[]) {
  return db
    .select({
      id: locations.id,
      timeZone: locations.timeZone,
      names: locations.names,
      openingHours: locations.openingHours,
      countryId: locations.countryId,
    })
    .from(locations)
    .where(inArray(locations.id, ids));
}
export type CheckoutPlace = Awaited<ReturnType<typeof findLocations>>[number];

/**
 * Whether the car is offered at a location, as search matches places: the car is at the location itself, at one
 * of its ancestors (a car at "Paris" serves Paris CDG), or at one of its descendants (a search for the city
 * "Paris" finds the cars at Paris CDG).
 */
export async function carServesLocation(db: DbOrTx, carId: string, locationId: string): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive ancestors(id, parent_id) as (
      select id, parent_id from ${locations} where id = ${locationId}
      union select l.id, l.parent_id from ${locations} l join ancestors a on l.id = a.parent_id
    ), descendants(id) as (
      select id from ${locations} where id = ${locationId}
      union select l.id from ${locations} l join descendants d on l.parent_id = d.id
    )
    select exists (
      select 1 from car_locations cl
      where cl.car_id = ${carId}
        and (cl.location_id in (select id from ancestors) or cl.location_id in (select id from descendants))
    ) as ok`);
  return Boolean((result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok);
}

/**
 * Serialises the checkouts that share a key (an address, a driver, a browser) until the transaction ends: what one
 * counts and releases, the other sees. Keys are always taken in the caller's fixed order, so two never deadlock.
 */
export async function lockCheckoutKeys(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The unpaid bookings placed from one address that block a car: holds awaiting online payment, and pay-later
 * bookings a guest placed in the last `recentMinutes` (the same hold time: an anonymous visitor's pay-later booking
 * blocks a car as surely as a hold, and costs them nothing).
 */
export async function countUnpaidFrom(db: DbOrTx, clientKey: string, recentMinutes: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientKey, clientKey),
        eq(bookings.blocksCar, true),
        isNull(bookings.paidAt),
        or(
          and(eq(bookings.status, 'void'), gt(bookings.holdExpiresAt, sql`now()`)),
          and(
            eq(bookings.status, 'pending'),
            isNotNull(bookings.guestTokenHash),
            gt(bookings.createdAt, sql`now() - ${recentMinutes}::integer * interval '1 minute'`),
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Draws of a booking reference before giving up: a repeat is a 1-in-10^12 chance per booking on record. */
const REFERENCE_DRAWS = 5;

/**
 * Inserts the booking; its reference is drawn by the database (`booking_reference()`). A reference
 * already taken is drawn again: each try is a savepoint of the caller's transaction, so a refused one leaves it
 * usable.
 */
export async function insertBooking(db: DbOrTx, values: Omit<typeof bookings.$inferInsert, 'reference'>) {
  for (let draw = 1; ; draw++) {
    try {
      const [row] = await db.transaction((savepoint) =>
        savepoint
          .insert(bookings)
          .values(values)
          .returning({ id: bookings.id, status: bookings.status, reference: bookings.reference }),
      );
      return row!;
    } catch (error) {
      const repeat = pgErrorCode(error) === '23505' && pgConstraint(error) === 'bookings_reference_key';
      if (!repeat || draw >= REFERENCE_DRAWS) throw error;
    }
  }
}
