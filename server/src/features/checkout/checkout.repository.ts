import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, cars, locations, users } from '../../db/schema.ts';
import { findDateBasedPrices } from '../../lib/date-based-prices.repository.ts';

// The only Drizzle code of the checkout slice.

export async function findCarForCheckout(db: DbOrTx, carId: string) {
  const [row] = await db
    .select({
      car: cars,
      supplier: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        language: users.language,
        enableEmailNotifications: users.enableEmailNotifications,
        payLater: users.payLater,
        licenseRequired: users.licenseRequired,
        priceChangeRate: users.priceChangeRate,
        blacklisted: users.blacklisted,
      },
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(eq(cars.id, carId))
    .limit(1);
  if (!row) return null;
  return { ...row, dateBasedPrices: await findDateBasedPrices(db, carId) };
}
export type CheckoutCar = NonNullable<Awaited<ReturnType<typeof findCarForCheckout>>>;

export async function findLocations(db: DbOrTx, ids: string[]) {
  return db
    .select({ id: locations.id, timeZone: locations.timeZone, names: locations.names })
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

export async function insertBooking(db: DbOrTx, values: typeof bookings.$inferInsert) {
  const [row] = await db.insert(bookings).values(values).returning({ id: bookings.id, status: bookings.status });
  return row!;
}
