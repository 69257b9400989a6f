import type { PaymentOutcome, PaymentResult, PendingPayment } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { bookingSummaries } from '#server/features/bookings/bookings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { checkCardSession, openCardSession } from './card-payments.service.ts';
import { bookingFor, mayRead, type Payer } from './payment-party.service.ts';
import type * as repository from './payments.repository.ts';
import { assertAwaitingPayment, result } from './payments.service.ts';

// What the payment's pages ask (docs/architecture.md §5 "Payment gateways"): the result page after any gateway
// (`GET /api/checkout-session/{sessionId}`) and the payment step of a booking still awaiting its payment
// (`GET /api/booking-payment/{bookingId}`).

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/checkout-session/{sessionId}`: the payment result, for every gateway. A card provider session id
 * (`cs_…`) is checked with the provider; our own flows (pay later, demo card, wallet) return to
 * /checkout-session/{bookingId}, so a reload asks about the booking itself. Read by whoever placed the booking (its
 * driver's session or the guest's browser), its supplier and an admin; anyone else is told nothing (404, as for an
 * unknown id).
 */
export async function checkPaymentSession(ctx: AppContext, payer: Payer, sessionId: string): Promise<PaymentResult> {
  if (!BOOKING_ID.test(sessionId)) return checkCardSession(ctx, sessionId, payer);
  const booking = await bookingFor(ctx, sessionId, payer, mayRead);
  return result(booking.id, booking.status, paymentState(booking));
}

/**
 * The payment result with the booking's summary in `language`: what the result page shows, the
 * same reference and amounts as the payment step and the e-mail.
 */
export async function paymentOutcome(
  ctx: AppContext,
  payer: Payer,
  sessionId: string,
  language: Language,
): Promise<PaymentOutcome> {
  const result = await checkPaymentSession(ctx, payer, sessionId);
  const summary = await bookingSummaries(ctx, ctx.db, result.bookingId);
  if (!summary) throw new AppError('NOT_FOUND', 'Unknown payment session.');
  return { ...result, summary: summary(language) };
}

/**
 * `GET /api/booking-payment/{bookingId}`: the payment step of a booking still awaiting
 * its online payment — after a reload of the step, or "pay now" from the bookings list — with the same summary and
 * the same gateway session as checkout answered. A booking paid, released or whose hold lapsed is not payable.
 */
export async function pendingPayment(
  ctx: AppContext,
  payer: Payer,
  bookingId: string,
  language: Language,
): Promise<PendingPayment> {
  // Only the party that placed the booking pays it: its driver, or the guest's browser.
  const booking = await bookingFor(ctx, bookingId, payer);
  assertAwaitingPayment(booking);
  if (!booking.holdExpiresAt || booking.holdExpiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError('CAR_UNAVAILABLE', 'This booking has expired. Please book again.');
  }
  const summary = (await bookingSummaries(ctx, ctx.db, bookingId))!(language);
  return {
    bookingId,
    summary,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    payment: await openCardSession(ctx, booking),
    walletEnabled: ctx.payments.paypal !== null,
  };
}

function paymentState(booking: repository.PayableBooking): PaymentResult['payment'] {
  if (booking.status === 'void') {
    if (booking.paidAt) return 'refund';
    // Still holding the car: payment may yet come; released: declined or lapsed.
    return booking.blocksCar && booking.holdExpiresAt ? 'open' : 'failed';
  }
  if (booking.status === 'cancelled') return 'failed';
  return booking.paymentOption === 'payLater' ? 'booked' : 'paid';
}
