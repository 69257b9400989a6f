import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { businessEmail, cars, dateBasedPrices, users } from '#server/db/schema.ts';

// The car as the price engine and a booking need it, read by checkout and by booking edits (one query,
// where each feature had its own).

/** A car's date-based price periods, as the contract price engine takes them, by start (the car editor's order). */
export function findDateBasedPrices(db: DbOrTx, carId: string) {
  return db
    .select({
      startDate: dateBasedPrices.startDate,
      endDate: dateBasedPrices.endDate,
      dailyPrice: dateBasedPrices.dailyPrice,
    })
    .from(dateBasedPrices)
    .where(eq(dateBasedPrices.carId, carId))
    .orderBy(asc(dateBasedPrices.startDate));
}

/** The car, its supplier's terms and contact (for the booking's notices), and its date-based prices; null: none. */
export async function findCarForBooking(db: DbOrTx, carId: string) {
  const [row] = await db
    .select({
      car: cars,
      supplier: {
        id: users.id,
        fullName: users.fullName,
        // The house business's go to its owner, the admin (docs/decisions/0013-the-owner-runs-their-own-business.md).
        email: businessEmail('users'),
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
export type CarForBooking = NonNullable<Awaited<ReturnType<typeof findCarForBooking>>>;
