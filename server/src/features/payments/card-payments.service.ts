import type { PaymentOption } from '@roam/contract/bookings';
import type { GatewaySession, PaymentResult } from '@roam/contract/checkout';
import { cardGateway } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { amendmentByPayment, settleChangeSession } from '#server/features/amendments/amendment-payments.service.ts';
import type { StripeGateway } from '#server/features/gateways/stripe.gateway.ts';
import { holdExpiry, holdLapsed } from '#server/features/holds/holds.service.ts';
import { holdsDepositBeside, keepsCard } from '#server/features/holds/saved-card.service.ts';
import {
  eventBookingId,
  type GatewayEvent,
  recordGatewayEvent,
} from '#server/features/ledger/gateway-events.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookingFor, mayRead, type Payer } from './payment-party.service.ts';
import * as repository from './payments.repository.ts';
import {
  bookingOr404,
  confirmBookingPayment,
  depositBesideKey,
  failBookingPayment,
  type PaymentExtras,
  result,
} from './payments.service.ts';

// The card provider's side of paying (docs/architecture.md §5 "Payment gateways"), read from the top: its signed
// webhook and the return check find the session's booking or amendment and settle it — an amendment's difference
// through the amendments (amendment-payments.service.ts), a booking's payment here (payments.service.ts) — and, for
// checkout and the payment step, the sessions it opens. Nothing below calls up into it
// (docs/decisions/0007-money-flows-one-way.md).

/**
 * `POST /api/stripe-webhook`: signed events only. Each is stored once (docs/decisions/0015-reconciliation.md): a
 * booking's payment in the transaction that confirms it; any other, once its handling succeeded — a failure between
 * the two is repaired by the provider's retry, which changes nothing twice.
 */
export async function handleCardWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  const stripe = requireStripe(ctx);
  let event: ReturnType<StripeGateway['parseWebhook']>;
  try {
    event = stripe.parseWebhook(rawBody, signature ?? '');
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid signature.');
  }
  const { bookingRef, ...record } = event.record;
  const stored: GatewayEvent = {
    ...record,
    gateway: 'stripe',
    bookingId: eventBookingId(bookingRef),
    receivedAt: ctx.clock.now(),
    payload: { source: 'webhook' },
  };
  const store = () => recordGatewayEvent(ctx.db, stored);
  if (event.kind === 'ignored' || event.kind === 'intentCanceled') {
    // A hold the provider ended itself (uncaptured for 7 days): recorded lapsed, once; our own release is not a lapse.
    if (event.kind === 'intentCanceled' && event.automatic) await holdLapsed(ctx, 'stripe', event.intentId);
    await store();
    return;
  }
  try {
    await settleCardSession(ctx, event.session, stored);
  } catch (error) {
    // An event for a booking we do not know is acknowledged (Stripe would retry it forever otherwise); kept, it is
    // a payment without a booking to the reconciliation. A payment of another amount is kept too, and refused.
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'PAYMENT_FAILED')) await store();
    if (error instanceof AppError && error.code === 'NOT_FOUND') return;
    throw error;
  }
  await store();
}

/**
 * The card provider's return check: asks the provider about its session and settles the booking. The session id
 * comes back in the return URL, so it is no proof of who asks: the caller must be one who may read the booking's
 * payment, found by the reference checkout stored, before the provider is asked anything. A payment made from
 * another browser is still confirmed by the signed webhook.
 */
export async function checkCardSession(ctx: AppContext, sessionId: string, payer: Payer): Promise<PaymentResult> {
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

/**
 * Settles what the session paid for: a dearer change's difference (its metadata names the amendment) through the
 * amendments, else the booking's own payment — confirmed when paid in full, the car released when the session expired.
 */
async function settleCardSession(
  ctx: AppContext,
  session: Awaited<ReturnType<StripeGateway['retrieveSession']>>,
  event?: GatewayEvent,
) {
  if (!session.bookingId) throw new AppError('NOT_FOUND', 'Unknown payment session.');
  if (session.amendmentId) return settleChangeSession(ctx, session);
  const booking = await bookingOr404(ctx, session.bookingId);
  if (booking.paymentProvider === 'stripe' && booking.paymentReference && booking.paymentReference !== session.id) {
    throw new AppError('NOT_FOUND', 'Unknown payment session.');
  }
  // The deposit option's session authorises (docs/decisions/0012-deposit-holds.md): complete, held, not paid.
  const held = booking.paymentOption === 'deposit' && session.held && session.paymentIntent;
  if (session.paid || held) {
    if (session.amount !== booking.chargedAmount || session.currency !== booking.currency) {
      ctx.log.error({ bookingId: booking.id, sessionId: session.id }, 'card payment amount does not match the booking');
      throw new AppError('PAYMENT_FAILED', 'Payment failed.');
    }
    const hold = held ? { reference: held, expiresAt: holdExpiry(ctx.clock.now()) } : undefined;
    const extras = session.paid ? await savedCardExtras(ctx, booking, session.paymentIntent) : {};
    return confirmBookingPayment(ctx, booking.id, 'stripe', session.id, hold, { ...extras, event });
  }
  if (session.status === 'expired') {
    await failBookingPayment(ctx, booking.id);
    return result(booking.id, booking.status, 'failed');
  }
  return result(booking.id, booking.status, booking.status === 'void' ? 'open' : 'paid');
}

/**
 * A payment in full that kept the card (docs/decisions/0014-charges-after-the-rental.md): the customer and payment
 * method its intent left, and the car's deposit held on that card beside it — a second intent with manual capture,
 * authorised under the booking's key (a replayed webhook gets the same intent back). Asked only while the booking
 * awaits its payment; a card refused or the provider unreachable leaves the deposit to the desk, as before.
 */
async function savedCardExtras(
  ctx: AppContext,
  booking: repository.PayableBooking,
  intentId: string | null,
): Promise<PaymentExtras> {
  const stripe = ctx.payments.stripe;
  if (!stripe || !intentId || booking.status !== 'void' || booking.paidAt) return {};
  if (!(await keepsCard(ctx, ctx.db, booking))) return {};
  try {
    const intent = await stripe.retrieveIntent(intentId);
    if (!intent.customer || !intent.paymentMethod) return {};
    const card = { provider: 'stripe' as const, customer: intent.customer, paymentMethod: intent.paymentMethod };
    if (!holdsDepositBeside(booking)) return { card };
    const held = await stripe.authorizeSavedCard({
      customer: card.customer,
      paymentMethod: card.paymentMethod,
      amount: booking.depositAmount,
      currency: booking.currency,
      bookingId: booking.id,
      key: depositBesideKey(booking.id),
    });
    const deposit =
      held.status === 'requires_capture' ? { reference: held.id, expiresAt: holdExpiry(ctx.clock.now()) } : null;
    return { card, deposit };
  } catch (error) {
    ctx.log.warn({ err: error, bookingId: booking.id }, 'saved card or deposit beside the payment not taken');
    return {};
  }
}

function requireStripe(ctx: AppContext): StripeGateway {
  if (!ctx.payments.stripe) throw new AppError('NOT_FOUND', 'The card provider is not configured.');
  return ctx.payments.stripe;
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

/**
 * The card gateway of a booking awaiting payment: the demo card form, or the provider's session still open. A booking
 * placed without a session — an operator's payment-link booking — gets one now, ending with its
 * hold; unlike checkout's start, a refusal leaves the hold alone (the customer may retry, or use the wallet).
 */
export async function openCardSession(
  ctx: AppContext,
  booking: repository.PayableBooking,
): Promise<GatewaySession | null> {
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

/** Opens the card provider's session of a booking awaiting payment, ending with its hold, and records its id. */
async function openNewCardSession(stripe: StripeGateway, ctx: AppContext, booking: CardSessionFor) {
  const session = await stripe.createSession({
    bookingId: booking.id,
    amount: booking.chargedAmount,
    currency: booking.currency,
    name: booking.carName,
    holdExpiresAt: booking.holdExpiresAt,
    hold: booking.paymentOption === 'deposit',
    saveCard: await keepsCard(ctx, ctx.db, booking),
  });
  await repository.setPaymentReference(ctx.db, booking.id, 'stripe', session.id);
  return { provider: 'stripe' as const, sessionId: session.id, url: session.url ?? '' };
}

type CardSessionFor = {
  id: string;
  chargedAmount: number;
  currency: string;
  carName: string;
  holdExpiresAt: Date;
  paymentOption: PaymentOption;
  depositAmount: number;
};
