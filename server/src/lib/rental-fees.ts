import {
  type FeeQuote,
  feeQuoteOf,
  feesOfQuote,
  ONE_WAY_REFUSED,
  oneWayFeeOf,
  type RentalPlace,
} from '@roam/contract/fee-quote';
import type { RentalFees } from '@roam/contract/rental-fees';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { rulesForCar } from '#server/features/counter/counter-settings.service.ts';
import { feeRulesFor } from '#server/features/fee-rules/fee-rules.service.ts';
import { validationFailed } from './app-error.ts';

// The business's fees by rule a rental pays (contract rental-fees.ts): its own rules (age bands, one-way refused,
// pairs of countries) and the counter's one-way fees of the car (pairs of places, the flat fee; the car's own
// override). Checkout and the walk-in price with these and keep them in the booking's terms.

/**
 * The fee quote of a rental of the car between two places (contract `feeQuoteOf`): what the checkout shows the fees
 * from before Book (`GET /api/car-rental-fees/{id}`) and what checkout charges them from.
 */
export async function feeQuoteFor(
  db: DbOrTx,
  input: { supplierId: string; carId: string; pickup: RentalPlace; dropoff: RentalPlace },
): Promise<FeeQuote> {
  const [rules, counter] = await readTogether(db, [
    () => feeRulesFor(db, input.supplierId),
    () => rulesForCar(db, input.supplierId, input.carId),
  ]);
  return feeQuoteOf(rules, counter.rules, input.pickup, input.dropoff);
}

/**
 * The fees of a rental of `car` by its quote and the driver (contract `feesOfQuote`, as the checkout shows them), or
 * the drop-off's refusal when the business takes no one-way rental.
 * @throws AppError VALIDATION_FAILED at `dropoffLocationId` for a refused one-way rental.
 */
export async function rentalFeesFor(
  db: DbOrTx,
  input: {
    supplierId: string;
    carId: string;
    birthDate: string | null;
    pickupAt: Date;
    timeZone: string;
    pickup: RentalPlace;
    dropoff: RentalPlace;
  },
): Promise<RentalFees> {
  const quote = await feeQuoteFor(db, input);
  if (quote.oneWayRefused) throw validationFailed({ dropoffLocationId: [ONE_WAY_REFUSED] });
  return feesOfQuote(quote, input);
}

/**
 * A change's fees by rule: the age band's as booked (the driver and the pick-up day were checked then), the one-way
 * fee of the new places at the rules of now. A driver's change to a place the business takes no one-way rental to
 * is refused; an operator's is its own business's call and pays no one-way fee.
 * @throws AppError VALIDATION_FAILED at `dropoffLocationId` for a driver's refused one-way rental.
 */
export async function changedRentalFees(
  db: DbOrTx,
  input: {
    supplierId: string;
    carId: string;
    booked: RentalFees | undefined;
    pickup: RentalPlace;
    dropoff: RentalPlace;
  },
  operator: boolean,
): Promise<RentalFees> {
  const [rules, counter] = await readTogether(db, [
    () => feeRulesFor(db, input.supplierId),
    () => rulesForCar(db, input.supplierId, input.carId),
  ]);
  const oneWay = oneWayFeeOf(rules, counter.rules, input.pickup, input.dropoff);
  if (oneWay.refused && !operator) throw validationFailed({ dropoffLocationId: [ONE_WAY_REFUSED] });
  const { oneWay: _was, ...fees }: RentalFees = { ...input.booked };
  return !oneWay.refused && oneWay.fee !== null ? { ...fees, oneWay: oneWay.fee } : fees;
}
