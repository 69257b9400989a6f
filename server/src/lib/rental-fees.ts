import {
  FEE_RULES_MESSAGES,
  oneWayFeeOf,
  type RentalFees,
  type RentalPlace,
  rentalFeesOf,
} from '@roam/contract/rental-fees';
import type { DbOrTx } from '#server/db/client.ts';
import { rulesForCar } from '#server/features/counter/counter-settings.service.ts';
import { feeRulesFor } from '#server/features/fee-rules/fee-rules.service.ts';
import { validationFailed } from './app-error.ts';

// The business's fees by rule a rental pays (contract rental-fees.ts): its own rules (age bands, one-way refused,
// pairs of countries) and the counter's one-way fees of the car (pairs of places, the flat fee; the car's own
// override). Checkout and the walk-in price with these and keep them in the booking's terms.

/**
 * The fees of a rental of `car`, or the drop-off's refusal when the business takes no one-way rental.
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
  const [rules, counter] = await Promise.all([
    feeRulesFor(db, input.supplierId),
    rulesForCar(db, input.supplierId, input.carId),
  ]);
  const { fees, oneWayRefused } = rentalFeesOf({ ...input, rules, counter: counter.rules });
  if (oneWayRefused) throw validationFailed({ dropoffLocationId: [FEE_RULES_MESSAGES.oneWayRefused] });
  return fees;
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
  const [rules, counter] = await Promise.all([
    feeRulesFor(db, input.supplierId),
    rulesForCar(db, input.supplierId, input.carId),
  ]);
  const oneWay = oneWayFeeOf(rules, counter.rules, input.pickup, input.dropoff);
  if (oneWay.refused && !operator) throw validationFailed({ dropoffLocationId: [FEE_RULES_MESSAGES.oneWayRefused] });
  const { oneWay: _was, ...fees }: RentalFees = { ...input.booked };
  return !oneWay.refused && oneWay.fee !== null ? { ...fees, oneWay: oneWay.fee } : fees;
}
