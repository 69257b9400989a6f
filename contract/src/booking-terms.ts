import type { PaymentOption } from './bookings.ts';
import type { ChosenExtras, Extra } from './price.ts';

// What a booking promises, from the car's own terms and the chosen payment option: the
// payment options offered, whether the booking can be changed, and what a cancellation costs. The checkout shows
// these promises, and the server keeps them (booking-actions.ts: a driver's edit).

/**
 * The payment options a checkout offers (spec §4), only those that differ: at the counter when the supplier allows
 * it; online (a gateway is configured) in full, and the security deposit online only when the car has one — with no
 * security deposit it would take nothing now, as the counter does.
 */
export function offeredPaymentOptions(terms: { deposit: number; payLater: boolean; online: boolean }): PaymentOption[] {
  const options: PaymentOption[] = [];
  if (terms.payLater) options.push('payLater');
  if (terms.online && terms.deposit > 0) options.push('deposit');
  if (terms.online) options.push('full');
  return options;
}

/** An extra the booking has: included in the car's price (0), or chosen (spec §3: −1 unavailable, 0 included). */
export const extraCovered = (carValue: number, chosen: boolean | undefined): boolean =>
  carValue === 0 || (carValue > 0 && chosen === true);

export interface BookingTerms {
  /**
   * Changes to the dates and extras online, until pick-up: `free` (the car includes Amendments, or it was chosen: no
   * fee, the price difference settled), `withExtra` (the Amendments extra would allow them), or `none`.
   */
  changes: 'free' | 'withExtra' | 'none';
  /**
   * Cancelling 24 hours or more before pick-up (docs/architecture.md §5 "Bookings"): `free` when nothing is paid in
   * advance or the Cancellation extra is included or chosen; otherwise `oneDay`: one rental day's price is kept from
   * what was paid online (as the operators' cancellation queue refunds it).
   */
  cancellation: 'free' | 'oneDay';
  /** The Cancellation extra, priced and not chosen, would make a cancellation free. */
  cancellationExtra: boolean;
}

/** The promises of a booking of `car` with `extras`, paid with `option`. */
export function bookingTerms(
  car: Pick<Record<Extra, number>, 'amendments' | 'cancellation'>,
  extras: ChosenExtras,
  option: PaymentOption,
): BookingTerms {
  const paidOnline = option !== 'payLater';
  // However it is paid (a change of a booking paid online is re-priced, its difference refunded or paid through the
  // booking's gateway), as the server's rule has it (booking-actions.ts `amendable`).
  const changes = extraCovered(car.amendments, extras.amendments) ? 'free' : car.amendments > 0 ? 'withExtra' : 'none';
  const cancellationCovered = extraCovered(car.cancellation, extras.cancellation);
  return {
    changes,
    cancellation: !paidOnline || cancellationCovered ? 'free' : 'oneDay',
    cancellationExtra: paidOnline && !cancellationCovered && car.cancellation > 0,
  };
}
