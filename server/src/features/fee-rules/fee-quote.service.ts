import type { FeeQuote } from '@roam/contract/fee-quote';
import type { CarRentalFeesQuerySchema } from '@roam/contract/rental-fees.schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { cars } from '#server/db/schema.ts';
import { findLocations } from '#server/features/checkout/checkout.repository.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { feeQuoteFor } from '#server/lib/rental-fees.ts';

// The checkout's fee quote (docs/architecture.md §5 "Fees by rule"): the business's age bands and the one-way fee of
// the two places, so that the customer sees before Book the lines checkout charges. Nothing of the driver is sent or
// kept: the screen computes the age band from the date of birth typed, with the contract's function the checkout uses.

/** `GET /api/car-rental-fees/{id}`: a car's fee quote between two places (a place unknown: 400 at its field). */
export async function carFeeQuote(
  ctx: AppContext,
  carId: string,
  query: z.output<typeof CarRentalFeesQuerySchema>,
): Promise<FeeQuote> {
  const [car] = await ctx.db
    .select({ id: cars.id, supplierId: cars.supplierId })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)));
  if (!car) throw new AppError('NOT_FOUND', 'Car not found.');
  const places = await findLocations(ctx.db, [query.pickupLocationId, query.dropoffLocationId]);
  const pickup = places.find((place) => place.id === query.pickupLocationId);
  const dropoff = places.find((place) => place.id === query.dropoffLocationId);
  if (!pickup) throw validationFailed({ pickupLocationId: ['Unknown pick-up location.'] });
  if (!dropoff) throw validationFailed({ dropoffLocationId: ['Unknown drop-off location.'] });
  return feeQuoteFor(ctx.db, { supplierId: car.supplierId, carId: car.id, pickup, dropoff });
}
