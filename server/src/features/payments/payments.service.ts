import type {
  DemoPaymentBody,
  GatewaySession,
  PaymentOutcome,
  PaymentResult,
  PendingPayment,
} from '@roam/contract/checkout';
import type { Language, PaymentProvider } from '@roam/contract/enums';
import { cardGateway } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { amendmentByPayment, settleChangeSession } from '#server/features/amendments/amendment-payments.service.ts';
import { bookingSummaries } from '#server/features/bookings/bookings.service.ts';
import { demoCardAccepted } from '#server/features/gateways/demo.gateway.ts';
import type { StripeGateway } from '#server/features/gateways/stripe.gateway.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { bookingFor, mayRead, type Payer } from './payment-party.service.ts';
import * as repository from './payments.repository.ts';

// Payment gateways behind one interface (ARCHITECTURE §5): demo (default without keys), card (Stripe), wallet
// (PayPal). Every gateway ends in `confirmBookingPayment` or `failBookingPayment`.

async function bookingOr404(ctx: AppContext, bookingId: string) {
  const booking = await repository.findPayableBooking(ctx.db, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'Booking not found.');
  return booking;
}

function result(bookingId: string, status: PaymentResult['status'], payment: PaymentResult['payment']): PaymentResult {
  return { bookingId, status, payment };
}

/**
 * Confirms a verified payment, once. The first call moves void → deposit/paid and notifies the driver and the
 * supplier; any replay finds the booking already confirmed and changes nothing.
 */
export async function confirmBookingPayment(
  ctx: AppContext,
  bookingId: string,
  provider: PaymentProvider,
  reference: string,
): Promise<PaymentResult> {
  let outcome: { booking: repository.PayableBooking; mails: Awaited<ReturnType<typeof recordBookingNotice>>[] } | null;
  try {
    // The status change and its notifications commit together: a crash (kill -9) between them cannot leave a paid
    // booking nobody was told about, which a replay would then never repair (it finds the booking already paid).
    outcome = await ctx.db.transaction(async (tx) => {
      const confirmed = await repository.confirmPaid(tx, bookingId, provider, reference);
      if (!confirmed) return null;
      const booking = (await repository.findPayableBooking(tx, bookingId))!;
      // The confirmation carries the booking's summary: its reference and amounts (issue #22 item 10).
      const summary = await bookingSummaries(ctx, tx, bookingId);
      const ref = {
        id: bookingId,
        reference: booking.reference,
        carName: booking.carName,
        status: booking.status,
        ...(summary ? { summary } : {}),
      };
      const mails = [
        await recordBookingNotice(ctx, tx, booking.driver, 'bookingConfirmed', ref),
        await recordBookingNotice(ctx, tx, booking.supplier, 'bookingNew', ref),
      ];
      return { booking, mails };
    });
  } catch (error) {
    if (pgErrorCode(error) !== '23P01') throw error;
    // Paid after the hold lapsed and someone else took the car meanwhile: keep the money on record, flag a refund.
    if (await repository.markPaidWithoutCar(ctx.db, bookingId, provider, reference)) {
      ctx.log.error({ bookingId, provider, reference }, 'late payment for a car booked meanwhile: refund due');
    }
    return result(bookingId, 'void', 'refund');
  }
  if (!outcome) {
    // A replay, or a booking that is not awaiting payment: report what it is.
    const booking = await bookingOr404(ctx, bookingId);
    const payment = booking.status === 'void' ? (booking.paidAt ? 'refund' : 'open') : 'paid';
    return result(bookingId, booking.status, payment);
  }
  await deliverNotices(ctx, outcome.mails);
  return result(bookingId, outcome.booking.status, 'paid');
}

/**
 * Holds that lapsed stop blocking their car: the periodic sweep (every car), and the first step of every checkout
 * (its car, in the booking's transaction `tx`).
 */
export async function releaseExpiredHolds(_ctx: AppContext, tx: DbOrTx, carId?: string): Promise<void> {
  await repository.releaseExpiredHolds(tx, carId);
}

/**
 * Who starts a checkout gives up their earlier unpaid hold, in the checkout's transaction `tx`: a driver (their id),
 * or a guest's browser (its guest token hash). A real customer pays for one car at a time (issue #21 finding 2).
 */
export async function releaseUnpaidHoldsOf(
  _ctx: AppContext,
  tx: DbOrTx,
  holder: { driverId: string | null; guestTokenHash: string | null },
): Promise<void> {
  await repository.releaseUnpaidHoldsOf(tx, holder);
}

/** A declined or expired payment: the car is free again (the booking stays void). */
export async function failBookingPayment(ctx: AppContext, bookingId: string): Promise<void> {
  await repository.releaseHold(ctx.db, bookingId);
}

export function assertAwaitingPayment(booking: repository.PayableBooking) {
  if (booking.status !== 'void' || booking.paidAt)
    throw new AppError('CONFLICT', 'This booking is not awaiting payment.');
  if (!booking.blocksCar && booking.holdExpiresAt === null) {
    throw new AppError('CAR_UNAVAILABLE', 'This booking has expired. Please book again.');
  }
}

type CardSessionFor = { id: string; chargedAmount: number; currency: string; carName: string; holdExpiresAt: Date };

/** Opens the card provider's session of a booking awaiting payment, ending with its hold, and records its id. */
async function openNewCardSession(stripe: StripeGateway, ctx: AppContext, booking: CardSessionFor) {
  const session = await stripe.createSession({
    bookingId: booking.id,
    amount: booking.chargedAmount,
    currency: booking.currency,
    name: booking.carName,
    holdExpiresAt: booking.holdExpiresAt,
  });
  await repository.setPaymentReference(ctx.db, booking.id, 'stripe', session.id);
  return { provider: 'stripe' as const, sessionId: session.id, url: session.url ?? '' };
}

/** Starts the card gateway for a freshly created online-payment booking (called by checkout); null: no card. */
export async function startCardPayment(ctx: AppContext, booking: CardSessionFor): Promise<GatewaySession | null> {
  if (!ctx.payments.stripe) return cardGateway(ctx.config) === 'demo' ? { provider: 'demo', testMode: true } : null;
  try {
    return await openNewCardSession(ctx.payments.stripe, ctx, booking);
  } catch (error) {
    ctx.log.error({ err: error, bookingId: booking.id }, 'card session could not be created');
    await failBookingPayment(ctx, booking.id);
    throw new AppError('SERVICE_UNAVAILABLE', 'Something went wrong! Try again later');
  }
}

// --- Demo gateway -------------------------------------------------------------------------------

/** `POST /api/demo-payment/{bookingId}`: the card fields are already valid (Luhn, expiry, CVC) by schema. */
export async function payWithDemoCard(ctx: AppContext, payer: Payer, bookingId: string, card: DemoPaymentBody) {
  const accepted = demoCardAccepted(ctx, card);
  const booking = await bookingFor(ctx, bookingId, payer);
  if (booking.status !== 'void' || booking.paidAt)
    return confirmBookingPayment(ctx, bookingId, 'demo', `demo_${bookingId}`);
  assertAwaitingPayment(booking);
  if (!accepted) {
    // 4000 0000 0000 0002 (and any other number) is declined, as the card provider's test numbers are.
    await failBookingPayment(ctx, bookingId);
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  return confirmBookingPayment(ctx, bookingId, 'demo', `demo_${bookingId}`);
}

// --- Card provider ------------------------------------------------------------------------------

function requireStripe(ctx: AppContext): StripeGateway {
  if (!ctx.payments.stripe) throw new AppError('NOT_FOUND', 'The card provider is not configured.');
  return ctx.payments.stripe;
}

async function settleCardSession(ctx: AppContext, session: Awaited<ReturnType<StripeGateway['retrieveSession']>>) {
  if (!session.bookingId) throw new AppError('NOT_FOUND', 'Unknown payment session.');
  if (session.amendmentId) return settleChangeSession(ctx, session);
  const booking = await bookingOr404(ctx, session.bookingId);
  if (booking.paymentProvider === 'stripe' && booking.paymentReference && booking.paymentReference !== session.id) {
    throw new AppError('NOT_FOUND', 'Unknown payment session.');
  }
  if (session.paid) {
    if (session.amount !== booking.chargedAmount || session.currency !== booking.currency) {
      ctx.log.error({ bookingId: booking.id, sessionId: session.id }, 'card payment amount does not match the booking');
      throw new AppError('PAYMENT_FAILED', 'Payment failed.');
    }
    return confirmBookingPayment(ctx, booking.id, 'stripe', session.id);
  }
  if (session.status === 'expired') {
    await failBookingPayment(ctx, booking.id);
    return result(booking.id, booking.status, 'failed');
  }
  return result(booking.id, booking.status, booking.status === 'void' ? 'open' : 'paid');
}

/**
 * The card provider's return check: asks the provider about its session and settles the booking. The session id
 * comes back in the return URL, so it is no proof of who asks: the caller must be one who may read the booking's
 * payment, found by the reference checkout stored, before the provider is asked anything. A payment made from
 * another browser is still confirmed by the signed webhook.
 */
async function checkCardSession(ctx: AppContext, sessionId: string, payer: Payer): Promise<PaymentResult> {
  const stripe = requireStripe(ctx);
  const bookingId =
    (await repository.findBookingIdByReference(ctx.db, 'stripe', sessionId)) ??
    (await amendmentByPayment(ctx, 'stripe', sessionId))?.bookingId;
  if (!bookingId) throw new AppError('NOT_FOUND', 'Unknown payment session.');
  await bookingFor(ctx, bookingId, payer, mayRead);
  let session: Awaited<ReturnType<StripeGateway['retrieveSession']>>;
  try {
    session = await stripe.retrieveSession(sessionId);
  } catch (error) {
    ctx.log.warn({ err: error, sessionId }, 'card session lookup failed');
    throw new AppError('NOT_FOUND', 'Unknown payment session.');
  }
  return settleCardSession(ctx, session);
}

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/checkout-session/{sessionId}`: the payment result, for every gateway. A card provider session id
 * (`cs_…`) is checked with the provider; our own flows (pay later, demo card, wallet) return to
 * /checkout-session/{bookingId}, so a reload asks about the booking itself. Read by whoever placed the booking (its
 * driver's session or the guest's browser), its supplier and an admin; anyone else is told nothing (404, as for an
 * unknown id: issue #21 finding 8).
 */
export async function checkPaymentSession(ctx: AppContext, payer: Payer, sessionId: string): Promise<PaymentResult> {
  if (!BOOKING_ID.test(sessionId)) return checkCardSession(ctx, sessionId, payer);
  const booking = await bookingFor(ctx, sessionId, payer, mayRead);
  return result(booking.id, booking.status, paymentState(booking));
}

/**
 * The payment result with the booking's summary in `language` (issue #22 item 10): what the result page shows, the
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
 * `GET /api/booking-payment/{bookingId}` (issue #22 items 5 and 11): the payment step of a booking still awaiting
 * its online payment — after a reload of the step, or "pay now" from the bookings list — with the same summary and
 * the same gateway session as checkout answered. A booking paid, released or whose hold lapsed is not payable.
 */
export async function pendingPayment(
  ctx: AppContext,
  payer: Payer,
  bookingId: string,
  language: Language,
): Promise<PendingPayment> {
  // Only the party that placed the booking pays it (issue #21 finding 1): its driver, or the guest's browser.
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

/**
 * The card gateway of a booking awaiting payment: the demo card form, or the provider's session still open. A booking
 * placed without a session — an operator's payment-link booking (issue #24 item 5) — gets one now, ending with its
 * hold; unlike checkout's start, a refusal leaves the hold alone (the customer may retry, or use the wallet).
 */
async function openCardSession(ctx: AppContext, booking: repository.PayableBooking): Promise<GatewaySession | null> {
  const stripe = ctx.payments.stripe;
  if (!stripe) return cardGateway(ctx.config) === 'demo' ? { provider: 'demo', testMode: true } : null;
  const { paymentProvider, paymentReference, holdExpiresAt } = booking;
  try {
    if (!paymentProvider && !paymentReference && holdExpiresAt)
      return await openNewCardSession(stripe, ctx, { ...booking, holdExpiresAt });
    if (paymentProvider !== 'stripe' || !paymentReference) return null;
    const session = await stripe.retrieveSession(paymentReference);
    return session.status === 'open' && session.url
      ? { provider: 'stripe', sessionId: session.id, url: session.url }
      : null;
  } catch (error) {
    ctx.log.warn({ err: error, bookingId: booking.id }, 'card session lookup failed');
    return null;
  }
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

/** `POST /api/stripe-webhook`: signed events only. */
export async function handleCardWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  const stripe = requireStripe(ctx);
  let event: ReturnType<StripeGateway['parseWebhook']>;
  try {
    event = stripe.parseWebhook(rawBody, signature ?? '');
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid signature.');
  }
  if (event.kind === 'ignored') return;
  await settleCardSession(ctx, event.session).catch((error: unknown) => {
    // An event for a booking we do not know is acknowledged (Stripe would retry it forever otherwise).
    if (error instanceof AppError && error.code === 'NOT_FOUND') return;
    throw error;
  });
}
