import type { AppContext } from '#server/context.ts';
import { grantedDriver } from '#server/features/booking-access/booking-access.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { operates, type SessionUser } from '#server/plugins/session-user.ts';
import * as repository from './payments.repository.ts';

// Who may pay a booking or read its payment, for every gateway's calls.

/**
 * Who makes a payment call: the signed-in account (if any), the guest token their browser carries (if any,
 * plugins/guest-token.ts), and the hash of the booking grant a manage or payment link gave the browser (if any,
 * plugins/booking-grant.ts).
 */
export type Payer = {
  user: Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId'> | null;
  guestTokenHash: string | null;
  grantHash: string | null;
};

/**
 * Whether `payer` placed the booking: its driver's session, or the guest token of the browser
 * that checked out as a guest. The booking id alone proves nothing: it travels in URLs and e-mails.
 */
export function placedBy(booking: repository.PayableBooking, payer: Payer): boolean {
  if (payer.user !== null && payer.user.id === booking.driver.id) return true;
  return booking.guestTokenHash !== null && booking.guestTokenHash === payer.guestTokenHash;
}

/** The payment result may also be read by the booking's supplier and an admin (they see the booking anyway). */
export const mayRead = (booking: repository.PayableBooking, payer: Payer) =>
  placedBy(booking, payer) || (payer.user !== null && operates(payer.user, booking.supplier.id));

/**
 * The one lookup of every payment call a browser makes (demo card, wallet order and check, the payment result):
 * the booking if `payer` may act on it, else 404 as for an unknown id.
 */
export async function bookingFor(
  ctx: AppContext,
  bookingId: string,
  payer: Payer,
  allowed: (booking: repository.PayableBooking, payer: Payer) => boolean = placedBy,
) {
  const booking = await repository.findPayableBooking(ctx.db, bookingId);
  if (booking && (allowed(booking, payer) || (await grantOpens(ctx, booking, payer)))) return booking;
  throw new AppError('NOT_FOUND', 'Booking not found.');
}

/**
 * The browser holds a live grant to this booking, from the e-mailed manage link or the operator's payment link
 *: it acts as the booking's driver — pays it and reads its payment — and a
 * suspended driver's grant opens nothing, as their session would not (spec §6).
 */
async function grantOpens(ctx: AppContext, booking: repository.PayableBooking, payer: Payer): Promise<boolean> {
  if (!payer.grantHash) return false;
  const driver = await grantedDriver(ctx, payer.grantHash, booking.id);
  return driver !== null && driver.id === booking.driver.id && !driver.blacklisted;
}
