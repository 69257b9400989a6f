import { PROMO_MESSAGES, type PromoDiscount, type PromoRefusal } from '@roam/contract/promo-codes';
import { instantToZoned, rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './promo-codes.repository.ts';

// Whether a promo code applies to a rental (docs/architecture.md §5 "Promo codes"): checked when the customer types
// it, again at checkout and the walk-in, and its uses once more under the code's lock in the booking's transaction.

/** What a code is checked against: the car, where and when it is picked up, and who drives (null: a new guest). */
export type PromoRental = {
  car: { id: string; range: string; supplierId: string };
  pickupPlace: { id: string; timeZone: string };
  pickupAt: Date;
  dropoffAt: Date;
  driverId: string | null;
};

/** A code that applies: the discount the price engine takes, and the code's id its use is recorded against. */
export type AppliedPromo = PromoDiscount & { id: string };

/** A refusal at the checkout's promo code field. */
export const promoRefused = (refusal: PromoRefusal) =>
  new AppError('VALIDATION_FAILED', PROMO_MESSAGES[refusal], { promoCode: [PROMO_MESSAGES[refusal]] });

/** The first rule of the code's own terms the rental breaks; null: none. */
function termsRefusal(code: repository.PromoCodeRow, rental: PromoRental, now: Date): PromoRefusal | null {
  // The code's dates are the days it may be used on, at the pick-up place's calendar.
  const today = instantToZoned(now, rental.pickupPlace.timeZone).date;
  if (code.validFrom && today < code.validFrom) return 'notYet';
  if (code.validUntil && today > code.validUntil) return 'expired';
  if (rentalDays(rental.pickupAt, rental.dropoffAt) < code.minimumDays) return 'tooShort';
  const outside = (list: readonly string[], id: string) => list.length > 0 && !list.includes(id);
  if (outside(code.placeIds, rental.pickupPlace.id) || outside(code.ranges, rental.car.range)) return 'notForThisCar';
  if (outside(code.carIds, rental.car.id)) return 'notForThisCar';
  return null;
}

/** The first limit of the code the rental's driver is over; null: none. `exceptBookingId`: the booking being placed. */
async function usesRefusal(
  db: DbOrTx,
  code: repository.PromoCodeRow,
  rental: PromoRental,
  now: Date,
  exceptBookingId?: string,
): Promise<PromoRefusal | null> {
  const { total, mine } = await repository.countUses(db, code.id, rental.driverId, now);
  if (code.usageLimit !== null && total >= code.usageLimit) return 'usedUp';
  // A guest's checkout makes a new account: it has no uses and no booking yet.
  if (!rental.driverId) return null;
  if (code.perCustomerLimit !== null && mine >= code.perCustomerLimit) return 'usedByYou';
  if (code.firstBookingOnly && (await repository.hasEarlierBooking(db, rental.driverId, now, exceptBookingId)))
    return 'firstBookingOnly';
  return null;
}

/**
 * The code typed for the rental, as it applies; throws a field error when it does not. An unknown code, another
 * business's, or an inactive one are all "not valid".
 */
export async function applyPromo(ctx: AppContext, typed: string, rental: PromoRental): Promise<AppliedPromo> {
  const code = await repository.findUsableCode(ctx.db, typed, rental.car.supplierId);
  if (!code) throw promoRefused('invalid');
  const now = ctx.clock.now();
  const refusal = termsRefusal(code, rental, now) ?? (await usesRefusal(ctx.db, code, rental, now));
  if (refusal) throw promoRefused(refusal);
  return { id: code.id, code: code.code, kind: code.kind, value: code.value };
}

/**
 * Records the booking's use of the code in its transaction `tx`, after the booking's insert: the code is locked, its
 * uses counted again and the use inserted before the lock is let go, so of 100 checkouts racing for its last use
 * exactly one commits; the others' transactions roll back with the refusal.
 */
export async function claimPromoUse(
  ctx: AppContext,
  tx: DbOrTx,
  promo: AppliedPromo,
  rental: PromoRental & { bookingId: string; driverId: string },
): Promise<void> {
  const code = await repository.lockCode(tx, promo.id);
  if (!code?.active) throw promoRefused('invalid');
  const now = ctx.clock.now();
  const refusal = await usesRefusal(tx, code, rental, now, rental.bookingId);
  if (refusal) throw promoRefused(refusal);
  await repository.insertUse(tx, { bookingId: rental.bookingId, promoCodeId: code.id, driverId: rental.driverId });
}
