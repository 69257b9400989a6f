import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { dateBasedPrices } from '../db/schema.ts';

/** A car's date-based price periods, as the contract price engine takes them (checkout and booking edits). */
export function findDateBasedPrices(db: DbOrTx, carId: string) {
  return db
    .select({
      startDate: dateBasedPrices.startDate,
      endDate: dateBasedPrices.endDate,
      dailyPrice: dateBasedPrices.dailyPrice,
    })
    .from(dateBasedPrices)
    .where(eq(dateBasedPrices.carId, carId));
}
