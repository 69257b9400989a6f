import { createHash } from 'node:crypto';
import type { AmendmentPayment } from '@roam/contract/amendments';
import type { PaymentProvider } from '@roam/contract/bookings';
import type { PaymentResult } from '@roam/contract/checkout';
import type { PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { balanceOfRecord, driverOf } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import type { CardSession } from '#server/features/gateways/stripe.gateway.ts';
import {
  type GatewayEvent,
  paymentAnswer,
  recordGatewayEvent,
  walletOrderConfirmation,
} from '#server/features/ledger/gateway-events.repository.ts';
import { amendmentPaymentKey, recordCharge } from '#server/features/ledger/ledger.service.ts';
import {
  type ChangeNotMadeReason,
  deliverNotices,
  recordBookingNotice,
} from '#server/features/notifications/notifications.service.ts';
import { confirmRefund, refundPayment } from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { changesOf, recordChangeNotices } from './amendment-notices.service.ts';
import type { PlannedChange } from './amendment-plan.service.ts';
import * as amendments from './amendments.repository.ts';

// A dearer change of a booking paid online in full: confirming it records the planned change as a
// pending amendment and opens a payment of the difference through the booking's own gateway; the booking keeps its
// terms until that payment is confirmed (the demo card, the card provider's return check or its webhook — each may
// arrive twice), and then, in one transaction on the locked rows, the change is applied once. A booking changed
// meanwhile, or whose new period another booking took (the exclusion constraint, 23P01), keeps its terms and the
// payment is refunded through its gateway once.
//
// A change not paid within its window is marked `expired` by the periodic sweep (`expireUnpaidChanges`). A payment
// of it that still arrives — the card provider's session completed at the last moment and its webhook came after the
// sweep, or a wallet order captured in time whose check is repeated — is handled as one in time: the driver paid, so
// the change is applied when the booking is as it was and its days are still free, and refunded once otherwise. A
// payment this server would make after the window — the demo card, a wallet order's capture — is refused (409).

/** How long a confirmed change waits for its payment: the card provider's shortest session. */
const PAYMENT_WINDOW_MS = 31 * 60_000;

/**
 * The booking's state a change was planned from: its status, what was charged, and every field the change sets. A
 * booking whose state differs when the difference is paid was changed meanwhile (by its operator, say, moving its
 * pick-up place at the same price): the paid change is not applied over it, it is refunded.
 */
const basisOf = (row: repository.BookingRow, fields: readonly string[]) =>
  createHash('sha256')
    .update(
      // In one order: the stored change's keys come back in jsonb's order, not the plan's.
      JSON.stringify([
        row.status,
        row.chargedAmount,
        ...[...fields].sort().map((field) => [field, row[field as keyof typeof row]]),
      ]),
    )
    .digest('hex');

/**
 * What a payment waits to apply: a dearer change's planned values, or — paying what an operator's change made due
 * — only the total it was due on, which a booking changed meanwhile no longer has.
 */
export type PaidChange = { values: Partial<PlannedChange['values']>; amount: number };

/** The planned values as stored (JSON) with the basis they were planned from, and back. */
const stored = (plan: PaidChange, row: repository.BookingRow) => ({
  ...plan.values,
  ...(plan.values.pickupAt ? { pickupAt: plan.values.pickupAt.toISOString() } : {}),
  ...(plan.values.dropoffAt ? { dropoffAt: plan.values.dropoffAt.toISOString() } : {}),
  basis: basisOf(row, Object.keys(plan.values)),
});
const storedChange = ({ basis, ...changes }: Record<string, unknown>) => ({
  basis: String(basis),
  values: {
    ...changes,
    ...(changes.pickupAt ? { pickupAt: new Date(String(changes.pickupAt)) } : {}),
    ...(changes.dropoffAt ? { dropoffAt: new Date(String(changes.dropoffAt)) } : {}),
  } as PaidChange['values'],
});

/** Records the planned change and opens the payment of its difference. */
export async function openAmendment(
  ctx: AppContext,
  record: repository.BookingRecord,
  plan: PaidChange,
  /** The gateway, when not the booking's own (a rental paid at the desk paying its balance online). */
  gateway?: PaymentProvider | null,
): Promise<AmendmentPayment> {
  const { booking } = record;
  const provider = gateway ?? booking.paymentProvider;
  if (!provider || (provider === 'stripe' && !ctx.payments.stripe) || (provider === 'paypal' && !ctx.payments.paypal)) {
    throw new AppError('CONFLICT', 'This change costs more than was paid online; it cannot be paid online yet.');
  }
  const expiresAt = new Date(ctx.clock.now().getTime() + PAYMENT_WINDOW_MS);
  const amendment = await amendments.insertAmendment(ctx.db, {
    bookingId: booking.id,
    changes: stored(plan, booking),
    basisTotal: booking.totalAmount,
    amount: plan.amount,
    currency: booking.currency,
    provider,
    expiresAt,
  });
  const answer = { amendmentId: amendment.id, amount: { amount: plan.amount, currency: booking.currency } };
  if (provider === 'demo') return { ...answer, payment: { provider: 'demo', testMode: true } };
  if (provider === 'paypal') return { ...answer, payment: null };
  try {
    const session = await ctx.payments.stripe!.createSession({
      bookingId: booking.id,
      amendmentId: amendment.id,
      amount: plan.amount,
      currency: booking.currency,
      name: record.carName,
      holdExpiresAt: expiresAt,
    });
    await amendments.setAmendmentReference(ctx.db, amendment.id, session.id);
    return { ...answer, payment: { provider: 'stripe', sessionId: session.id, url: session.url ?? '' } };
  } catch (error) {
    ctx.log.error({ err: error, bookingId: booking.id }, 'card session of a change could not be created');
    throw new AppError('SERVICE_UNAVAILABLE', 'Something went wrong! Try again later');
  }
}

class Stale extends Error {}

/** What a payment of what was due pays for: a returned rental's balance, a no-show's fee, or a change's difference. */
const purposeOf = (status: repository.BookingRow['status']): PaymentPurpose =>
  status === 'returned' ? 'return_charges' : status === 'no_show' ? 'no_show' : 'amendment';

/**
 * A returned rental's balance or a no-show's fee paid online is applied only while that much is still due: money
 * taken at the desk meanwhile (or a charge waived) makes it a payment of nothing — refunded, never kept as excess.
 */
const noLongerDue = (record: repository.BookingRecord, amount: number) =>
  (record.booking.status === 'returned' || record.booking.status === 'no_show') && balanceOfRecord(record).due < amount;

/** A change's difference (or what was due) paid through the booking's gateway, in the ledger once (its own key). */
const recordChangeCharge = (
  ctx: AppContext,
  tx: DbOrTx,
  booking: repository.BookingRow,
  amendment: amendments.AmendmentRow,
  reference: string,
) =>
  recordCharge(ctx, tx, {
    booking,
    amendmentId: amendment.id,
    purpose: purposeOf(booking.status),
    provider: amendment.provider,
    reference,
    amount: amendment.amount,
    key: amendmentPaymentKey(amendment.id),
  });

/** Waiting for its payment: pending, or expired by the sweep (a late payment is still applied or refunded, once). */
const unsettled = (amendment: amendments.AmendmentRow | null): amendment is amendments.AmendmentRow =>
  amendment?.status === 'pending' || amendment?.status === 'expired';

/** A change paid for after its window (the demo card, a new wallet order): it must be priced and confirmed again. */
const expired = () => new AppError('CONFLICT', 'This change waited too long for its payment. Ask for it again.');

/** The periodic sweep (payments.routes.ts, with the lapsed holds): unpaid changes past their window expire. */
export const expireUnpaidChanges = (ctx: AppContext) => amendments.expireLapsedAmendments(ctx.db, ctx.clock.now());

/**
 * The difference of `amendmentId` is paid (`reference`: the gateway's payment). Applies the change once; a replay
 * finds it settled. A booking changed or cancelled meanwhile, or a period taken meanwhile: refunded once instead.
 * `late`: a payment the gateway took in time may arrive after the change's window (the card provider's webhook); one
 * made by this call (the demo card) may not, decided on the locked row, so the sweep cannot slip in between.
 * `event`: the gateway's confirmation where no webhook brings one (the wallet's order, the demo card), stored with the
 * payment it confirms (docs/decisions/0015-reconciliation.md).
 */
export async function applyPaidAmendment(
  ctx: AppContext,
  amendmentId: string,
  reference: string,
  { late, event }: { late: boolean; event?: GatewayEvent },
): Promise<PaymentResult> {
  const amendment = await amendments.findAmendment(ctx.db, amendmentId);
  if (!amendment) throw new AppError('NOT_FOUND', 'Unknown payment session.');
  const { bookingId } = amendment;
  let mails: (QueuedMail | null)[] = [];
  try {
    mails = await ctx.db.transaction(async (tx) => {
      const current = await repository.lockBooking(tx, bookingId);
      const locked = await amendments.lockAmendment(tx, amendmentId);
      if (!current || !unsettled(locked)) return [];
      if (!late && (locked.status === 'expired' || locked.expiresAt < ctx.clock.now())) throw expired();
      const { basis, values } = storedChange(locked.changes);
      if (
        basisOf(current, Object.keys(values)) !== basis ||
        current.status === 'cancelled' ||
        current.status === 'void' ||
        noLongerDue((await repository.findBooking(tx, bookingId))!, locked.amount)
      )
        throw new Stale();
      await repository.updateBooking(tx, bookingId, {
        ...values,
        chargedAmount: current.chargedAmount + locked.amount,
      });
      await amendments.settleAmendment(tx, amendmentId, 'applied', reference);
      await recordChangeCharge(ctx, tx, current, locked, reference);
      if (event) await recordGatewayEvent(tx, event);
      const record = (await repository.findBooking(tx, bookingId))!;
      await recordAudit(
        ctx,
        tx,
        { id: current.driverId, type: 'user', role: null, businessId: null },
        {
          entity: 'booking',
          entityId: bookingId,
          action: 'update',
          carId: current.carId,
          supplierId: current.supplierId,
          changes: {
            ...changesOf(current, { values } as PlannedChange, null),
            charge: { before: null, after: { amount: locked.amount, currency: locked.currency } },
          },
        },
      );
      // Paying what was due changes nothing else: the driver saw it paid, the ledger and the audit trail keep it.
      if (!values.pickupAt) return [];
      return recordChangeNotices(ctx, tx, record, { byOperator: false, refund: null, statusChanged: null });
    });
  } catch (error) {
    if (!(error instanceof Stale) && pgErrorCode(error) !== '23P01') throw error;
    await refundAmendment(ctx, amendment, reference, error instanceof Stale ? 'changed' : 'taken', event);
    const booking = (await repository.findBooking(ctx.db, bookingId))!.booking;
    return { bookingId, status: booking.status, payment: 'refund' };
  }
  await deliverNotices(ctx, mails);
  const settled = (await amendments.findAmendment(ctx.db, amendmentId))!;
  const booking = (await repository.findBooking(ctx.db, bookingId))!.booking;
  return { bookingId, status: booking.status, payment: settled.status === 'refunded' ? 'refund' : 'paid' };
}

/**
 * Pays back a difference whose change could not be applied, once (its own refund key), and marks it refunded; the
 * driver is told why and what comes back, once, in the transaction that marks it (a check and a webhook at once).
 */
async function refundAmendment(
  ctx: AppContext,
  amendment: amendments.AmendmentRow,
  reference: string,
  reason: ChangeNotMadeReason,
  event?: GatewayEvent,
) {
  const key = `amend-refund-${amendment.id}`;
  // Decided on the locked amendment, the gateway asked with the lock held: a confirmation that applies the change
  // meanwhile (the check and the webhook at once) waits, then finds it refunded — never applied and refunded both.
  // Locked in the order applyPaidAmendment locks them, the booking first: the refund and the notice written here
  // reference the booking row, which a confirmation holding it and waiting for the amendment would deadlock against.
  const mails = await ctx.db.transaction(async (tx) => {
    const booking = await repository.lockBooking(tx, amendment.bookingId);
    if (!booking || !unsettled(await amendments.lockAmendment(tx, amendment.id))) return [];
    // The money came in (the ledger says so) and goes back out from that payment.
    const payment = await recordChangeCharge(ctx, tx, booking, amendment, reference);
    if (event) await recordGatewayEvent(tx, event);
    const refund = await refundPayment(
      ctx,
      {
        key,
        bookingId: amendment.bookingId,
        provider: amendment.provider,
        reference,
        amount: amendment.amount,
        currency: amendment.currency,
        paymentId: payment.id,
        kind: 'charge',
      },
      tx,
    );
    await amendments.settleAmendment(tx, amendment.id, 'refunded', reference);
    await confirmRefund(ctx, tx, key, refund.reference);
    const record = (await repository.findBooking(tx, amendment.bookingId))!;
    const notice = await recordBookingNotice(ctx, tx, driverOf(record), 'changeNotMade', {
      id: record.booking.id,
      reference: record.booking.reference,
      carName: record.carName,
      reason,
      refund: { amount: refund.amount, currency: refund.currency },
    });
    return [notice];
  });
  await deliverNotices(ctx, mails);
  ctx.log.warn({ bookingId: amendment.bookingId, amendmentId: amendment.id }, 'change paid but not applied: refunded');
}

/** The pending amendment paid by `provider`'s `reference` (a card session), or null. */
export const amendmentByPayment = (ctx: AppContext, provider: PaymentProvider, reference: string) =>
  amendments.findAmendmentByReference(ctx.db, provider, reference);

/**
 * A card session of a dearer change's difference (the return check or the webhook): paid — the change is applied
 * once, or refunded when it can no longer be; otherwise the booking is as it was.
 */
export async function settleChangeSession(ctx: AppContext, session: CardSession): Promise<PaymentResult> {
  const amendment = await amendments.findAmendment(ctx.db, session.amendmentId ?? '');
  if (!amendment || amendment.bookingId !== session.bookingId || amendment.paymentReference !== session.id) {
    throw new AppError('NOT_FOUND', 'Unknown payment session.');
  }
  if (!session.paid) {
    const booking = (await repository.findBooking(ctx.db, amendment.bookingId))!.booking;
    const payment = { pending: 'open', expired: 'failed', applied: 'paid', refunded: 'refund' } as const;
    return { bookingId: booking.id, status: booking.status, payment: payment[amendment.status] };
  }
  if (session.amount !== amendment.amount || session.currency !== amendment.currency) {
    ctx.log.error(
      { amendmentId: amendment.id, sessionId: session.id },
      'card payment amount does not match the change',
    );
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  return applyPaidAmendment(ctx, amendment.id, session.id, { late: true });
}

/** The demo card pays the difference of `amendmentId` of `bookingId` (its number already checked by the caller). */
export async function payChangeWithDemoCard(
  ctx: AppContext,
  bookingId: string,
  amendmentId: string,
  accepted: boolean,
) {
  const amendment = await amendments.findAmendment(ctx.db, amendmentId);
  if (amendment?.bookingId !== bookingId) throw new AppError('NOT_FOUND', 'Booking not found.');
  if (amendment.provider !== 'demo') throw new AppError('FORBIDDEN', 'This change is paid through the card provider.');
  if (amendment.status === 'pending' && !accepted) throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  // The demo card pays now, by this call: past its window the change is not paid any more.
  const reference = `demo_${amendmentId}`;
  const { amount, currency } = amendment;
  const status = 'succeeded';
  const event = paymentAnswer(ctx.clock.now(), {
    gateway: 'demo',
    type: 'payment',
    reference,
    bookingId,
    amount,
    currency,
    status,
  });
  return applyPaidAmendment(ctx, amendmentId, reference, { late: false, event });
}

/** A pending change of `bookingId` paid by `provider`, or 404. */
async function pendingOf(ctx: AppContext, bookingId: string, amendmentId: string, provider: PaymentProvider) {
  const amendment = await amendments.findAmendment(ctx.db, amendmentId);
  if (amendment?.bookingId !== bookingId || amendment.provider !== provider) {
    throw new AppError('NOT_FOUND', 'Unknown order.');
  }
  return amendment;
}

/** The wallet's order of a change's difference (the wallet's own order API, as the booking's payment). */
export async function createChangeWalletOrder(ctx: AppContext, record: repository.BookingRecord, amendmentId: string) {
  const paypal = ctx.payments.paypal;
  if (!paypal) throw new AppError('NOT_FOUND', 'The wallet provider is not configured.');
  const amendment = await pendingOf(ctx, record.booking.id, amendmentId, 'paypal');
  if (amendment.status === 'expired') throw expired();
  if (amendment.status !== 'pending') throw new AppError('CONFLICT', 'This change is already settled.');
  try {
    const order = await paypal.createOrder({
      bookingId: record.booking.id,
      amendmentId,
      amount: amendment.amount,
      currency: amendment.currency,
      name: record.carName,
      description: record.booking.reference,
    });
    await amendments.setAmendmentReference(ctx.db, amendmentId, order.id);
    return { orderId: order.id };
  } catch (error) {
    ctx.log.error({ err: error, amendmentId }, 'wallet order of a change could not be created');
    throw new AppError('SERVICE_UNAVAILABLE', 'Something went wrong! Try again later');
  }
}

/**
 * Checks the wallet order of a change's difference: captured if approved — by this call, so not once the change's
 * window has closed (nothing is taken then) — then the change applied once, or refunded once if it can no longer be.
 */
export async function checkChangeWalletOrder(ctx: AppContext, bookingId: string, amendmentId: string, orderId: string) {
  const paypal = ctx.payments.paypal;
  if (!paypal) throw new AppError('NOT_FOUND', 'The wallet provider is not configured.');
  const amendment = await pendingOf(ctx, bookingId, amendmentId, 'paypal');
  if (amendment.paymentReference !== orderId) throw new AppError('NOT_FOUND', 'Unknown order.');
  const ask = async <T>(call: () => Promise<T>) => {
    try {
      return await call();
    } catch (error) {
      ctx.log.warn({ err: error, amendmentId, orderId }, 'wallet order check of a change failed');
      throw new AppError('PAYMENT_FAILED', 'Payment failed.');
    }
  };
  let order = await ask(() => paypal.getOrder(orderId));
  if (order.status === 'APPROVED') {
    if (amendment.status === 'expired' || amendment.expiresAt < ctx.clock.now()) throw expired();
    const captured = await ask(() => paypal.captureOrder(orderId));
    order = { ...captured, bookingId, amount: order.amount, currency: order.currency };
  }
  if (order.status !== 'COMPLETED' || order.amount !== amendment.amount || order.currency !== amendment.currency) {
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  // Captured: the money is taken, so the change is applied or refunded, whenever this arrives; the order read back is
  // the wallet's confirmation, stored with the payment.
  const event = walletOrderConfirmation(ctx.clock.now(), bookingId, order);
  return applyPaidAmendment(ctx, amendmentId, orderId, { late: true, event });
}
