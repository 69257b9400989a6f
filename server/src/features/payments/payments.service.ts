import type { PaymentProvider } from '@roam/contract/bookings';
import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingNoticeDetails } from '#server/features/bookings/bookings.service.ts';
import { demoCardAccepted } from '#server/features/gateways/demo.gateway.ts';
import { holdExpiry, recordHold } from '#server/features/holds/holds.service.ts';
import {
  holdsDepositBeside,
  keepsCard,
  type SavedCard,
  storeSavedCard,
} from '#server/features/holds/saved-card.service.ts';
import { type GatewayEvent, recordGatewayEvent } from '#server/features/ledger/gateway-events.repository.ts';
import { bookingPaymentKey, recordCharge } from '#server/features/ledger/ledger.service.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { bookingFor, type Payer } from './payment-party.service.ts';
import * as repository from './payments.repository.ts';

// A booking's payment, whichever gateway took it (docs/architecture.md §5 "Payment gateways"): the demo gateway
// (default without keys), the card provider, the wallet provider. Every gateway ends here, in `confirmBookingPayment`
// or `failBookingPayment`. The payments slice is the top of the money layers
// (docs/decisions/0007-money-flows-one-way.md): card-payments.service.ts decides which booking or amendment a card
// session settles, wallet-payments.service.ts checks the wallet's orders, payment-results.service.ts answers the
// result page and the payment step; each calls down, and nothing below calls up.

/** The booking as a payment sees it, or 404. */
export async function bookingOr404(ctx: AppContext, bookingId: string) {
  const booking = await repository.findPayableBooking(ctx.db, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'Booking not found.');
  return booking;
}

/** A payment call's answer: the booking, its status, and where its payment stands. */
export function result(
  bookingId: string,
  status: PaymentResult['status'],
  payment: PaymentResult['payment'],
): PaymentResult {
  return { bookingId, status, payment };
}

/** What a gateway held (the deposit option: authorised, not charged): its hold's reference and when it lapses. */
export type HeldPayment = { reference: string; expiresAt: Date };

/**
 * What else the payment left (docs/decisions/0014-charges-after-the-rental.md): the card it saved, and the security
 * deposit held on it beside a payment in full; and the gateway's event that confirmed it, stored in the transaction
 * that records the payment (docs/decisions/0015-reconciliation.md).
 */
export type PaymentExtras = { card?: SavedCard | null; deposit?: HeldPayment | null; event?: GatewayEvent | undefined };

/** The ledger key of the deposit held beside a payment in full. */
export const depositBesideKey = (bookingId: string) => `deposit-${bookingId}`;

/**
 * The booking's own online payment in the ledger, in the transaction that records it paid (once under its key). The
 * deposit option's payment is the security deposit held on the card, not charged (docs/decisions/0012-deposit-holds.md):
 * an authorization — the demo gateway's simulated, for the card provider's 7 days.
 */
async function recordBookingCharge(
  ctx: AppContext,
  tx: DbOrTx,
  booking: repository.PayableBooking,
  provider: PaymentProvider,
  reference: string,
  held?: HeldPayment,
  extras: PaymentExtras = {},
) {
  if (extras.card) await storeSavedCard(ctx, tx, booking.id, extras.card);
  if (extras.deposit && holdsDepositBeside(booking)) {
    await recordHold(ctx, tx, {
      booking,
      provider,
      reference: extras.deposit.reference,
      amount: booking.depositAmount,
      key: depositBesideKey(booking.id),
      expiresAt: extras.deposit.expiresAt,
    });
  }
  // A free booking (its price brought to nothing by the supplier's percentage) took no money.
  if (booking.chargedAmount <= 0) return null;
  if (booking.paymentOption === 'deposit') {
    return recordHold(ctx, tx, {
      booking,
      provider,
      reference: held?.reference ?? reference,
      amount: booking.chargedAmount,
      key: bookingPaymentKey(booking.id),
      expiresAt: held?.expiresAt ?? holdExpiry(ctx.clock.now()),
    });
  }
  return recordCharge(ctx, tx, {
    booking,
    purpose: 'rental',
    provider,
    reference,
    amount: booking.chargedAmount,
    key: bookingPaymentKey(booking.id),
  });
}

/**
 * Confirms a verified payment, once. The first call moves void → deposit/paid, records the charge in the ledger and
 * notifies the driver and the supplier; any replay finds the booking already confirmed and changes nothing.
 */
export async function confirmBookingPayment(
  ctx: AppContext,
  bookingId: string,
  provider: PaymentProvider,
  reference: string,
  held?: HeldPayment,
  extras: PaymentExtras = {},
): Promise<PaymentResult> {
  let outcome: { booking: repository.PayableBooking; mails: Awaited<ReturnType<typeof recordBookingNotice>>[] } | null;
  try {
    // The status change and its notifications commit together: a crash (kill -9) between them cannot leave a paid
    // booking nobody was told about, which a replay would then never repair (it finds the booking already paid).
    outcome = await ctx.db.transaction(async (tx) => {
      if (extras.event) await recordGatewayEvent(tx, extras.event);
      const confirmed = await repository.confirmPaid(tx, bookingId, provider, reference);
      if (!confirmed) return null;
      const booking = (await repository.findPayableBooking(tx, bookingId))!;
      await recordBookingCharge(ctx, tx, booking, provider, reference, held, extras);
      // The confirmation carries the booking's summary: its reference and amounts.
      const details = await bookingNoticeDetails(ctx, tx, bookingId);
      const ref = {
        id: bookingId,
        reference: booking.reference,
        carName: booking.carName,
        status: booking.status,
        ...(details ?? {}),
      };
      const mails = [
        await recordBookingNotice(ctx, tx, booking.driver, 'bookingConfirmed', ref),
        await recordBookingNotice(ctx, tx, booking.supplier, 'bookingNew', ref),
      ];
      return { booking, mails };
    });
  } catch (error) {
    if (pgErrorCode(error) !== '23P01') throw error;
    // Paid after the hold lapsed and someone else took the car meanwhile: keep the money on record (the booking and
    // the ledger: its balance shows it all as owed back), flag a refund.
    const flagged = await ctx.db.transaction(async (tx) => {
      if (extras.event) await recordGatewayEvent(tx, extras.event);
      if (!(await repository.markPaidWithoutCar(tx, bookingId, provider, reference))) return false;
      const booking = (await repository.findPayableBooking(tx, bookingId))!;
      // No car: no deposit to hold for it.
      await recordBookingCharge(ctx, tx, booking, provider, reference, held, { card: extras.card });
      return true;
    });
    if (flagged) {
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
 * or a guest's browser (its guest token hash). A real customer pays for one car at a time.
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
  const extras = await demoExtras(ctx, booking);
  return confirmBookingPayment(ctx, bookingId, 'demo', `demo_${bookingId}`, undefined, {
    ...extras,
    event: demoConfirmation(ctx, booking),
  });
}

/**
 * The demo gateway's confirmation of a payment, as a provider's event would be stored: its charge, or its hold (the
 * deposit option), which moves no money until captured.
 */
function demoConfirmation(ctx: AppContext, booking: repository.PayableBooking): GatewayEvent | undefined {
  if (booking.chargedAmount <= 0) return undefined;
  const held = booking.paymentOption === 'deposit';
  return {
    gateway: 'demo',
    eventId: `payment-${booking.id}`,
    type: held ? 'payment.authorized' : 'payment.succeeded',
    objectId: `demo_${booking.id}`,
    amount: booking.chargedAmount,
    currency: booking.currency,
    status: held ? 'authorized' : 'succeeded',
    movement: held ? null : 'payment',
    bookingId: booking.id,
    receivedAt: ctx.clock.now(),
    payload: { source: 'demo' },
  };
}

/** The demo gateway's saved card and deposit held beside a payment in full: simulated, as its payments are. */
async function demoExtras(ctx: AppContext, booking: repository.PayableBooking): Promise<PaymentExtras> {
  if (!(await keepsCard(ctx, ctx.db, booking))) return {};
  return {
    card: { provider: 'demo', customer: `demo_cus_${booking.id}`, paymentMethod: `demo_pm_${booking.id}` },
    deposit: holdsDepositBeside(booking)
      ? { reference: `demo_${depositBesideKey(booking.id)}`, expiresAt: holdExpiry(ctx.clock.now()) }
      : null,
  };
}
