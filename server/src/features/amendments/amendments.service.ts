import type { AmendmentPayment } from '@roam/contract/amendments';
import { balancePayableOnline, duePayableOnline } from '@roam/contract/booking-actions';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/languages';
import { cardGateway } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuditChanges } from '#server/db/schema.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { issueDueLink } from '#server/features/booking-access/booking-access.service.ts';
import { balanceOfRecord, statusBlocksCar } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import {
  assertMayChange,
  getBooking,
  isOperator,
  TAKEN,
  visibleRecord,
} from '#server/features/bookings/bookings.service.ts';
import { cancelByOperator } from '#server/features/cancellations/cancellations.service.ts';
import { demoCardAccepted } from '#server/features/gateways/demo.gateway.ts';
import { balanceOf } from '#server/features/ledger/ledger.service.ts';
import { type BookingRef, deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { refundAcrossPayments } from '#server/features/refunds/refund-split.service.ts';
import { confirmRefund } from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { changesOf, recordChangeNotices, sameAs } from './amendment-notices.service.ts';
import {
  checkChangeWalletOrder,
  createChangeWalletOrder,
  openAmendment,
  payChangeWithDemoCard,
} from './amendment-payments.service.ts';
import {
  amendmentRefundKey,
  type PlannedChange,
  planChange,
  quoteOf,
  settle,
  unchangedSince,
} from './amendment-plan.service.ts';

// A change of a booking (docs/api.md "Change a booking"): its quote, a dearer change's difference paid through the
// booking's gateway before it applies (amendment-payments.service.ts), paying what an operator's change made due, and
// making a change (update-booking) — settled against what was paid, by one path whoever changes it.
// Above the bookings and the cancellations, below payments (docs/decisions/0009-the-money-ledger.md).

/** The change's new period is free of other holds of the car (the exclusion constraint decides again on writing). */
async function assertCarFree(ctx: AppContext, record: repository.BookingRecord, plan: PlannedChange) {
  const { pickupAt, dropoffAt } = plan.values;
  const { carId, id } = record.booking;
  if (await repository.carTakenBetween(ctx.db, carId, id, pickupAt, dropoffAt, ctx.clock.now())) throw TAKEN();
}

/** The booking whose change's difference `user` pays: its driver or its link's holder, never an operator. */
async function payerRecord(ctx: AppContext, user: SessionUser, id: string) {
  const { record } = await visibleRecord(ctx, user, id);
  if (isOperator(record, user)) throw new AppError('FORBIDDEN', 'Only the driver pays a change.');
  return record;
}

/** `POST /api/amendment-quote/{id}`: what the change would cost, and whether the car is free. */
export async function amendmentQuote(ctx: AppContext, user: SessionUser, id: string, body: UpdateBookingBody) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  assertMayChange(record, user);
  const operator = isOperator(record, user);
  if (!operator && (body.status !== undefined || body.pickupLocationId !== undefined)) {
    throw new AppError('FORBIDDEN', 'Only the supplier can change this.');
  }
  if (!actions.includes('edit')) throw new AppError('CONFLICT', 'This booking can no longer be changed.');
  const plan = await planChange(ctx, record, body, operator);
  await assertCarFree(ctx, record, plan);
  return quoteOf(record, plan);
}

/**
 * `POST /api/amendment-payment/{id}`: the driver (or the booking's link) confirms a dearer change of
 * a booking paid online in full; the change waits until its difference is paid through the booking's gateway
 * (amendment-payments.service.ts). Operators change a booking with update-booking: what was paid online stays as paid.
 */
export async function payForChange(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: UpdateBookingBody,
): Promise<AmendmentPayment> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (isOperator(record, user) || body.status !== undefined || body.pickupLocationId !== undefined) {
    throw new AppError('FORBIDDEN', 'Only the supplier can change this.');
  }
  if (!actions.includes('edit')) throw new AppError('CONFLICT', 'This booking can no longer be changed.');
  const plan = await planChange(ctx, record, body, false);
  if (plan.settlement !== 'charge') throw new AppError('CONFLICT', 'This change has no difference to pay online.');
  await assertCarFree(ctx, record, plan);
  return openAmendment(ctx, record, plan);
}

/** `POST /api/pay-amendment/{id}/{amendmentId}`: the demo card pays a change's difference. */
export async function payChangeByDemoCard(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  amendmentId: string,
  card: DemoPaymentBody,
): Promise<PaymentResult> {
  await payerRecord(ctx, user, id);
  return payChangeWithDemoCard(ctx, id, amendmentId, demoCardAccepted(ctx, card));
}

/** `POST /api/amendment-paypal-order/{id}/{amendmentId}`: the wallet's order of a change's difference. */
export async function changeWalletOrder(ctx: AppContext, user: SessionUser, id: string, amendmentId: string) {
  return createChangeWalletOrder(ctx, await payerRecord(ctx, user, id), amendmentId);
}

/** `POST /api/check-amendment-paypal-order/{id}/{amendmentId}/{orderId}`: captured, then the change applied once. */
export async function checkChangeWallet(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  amendmentId: string,
  orderId: string,
) {
  await payerRecord(ctx, user, id);
  return checkChangeWalletOrder(ctx, id, amendmentId, orderId);
}

/**
 * `POST /api/balance-payment/{id}`: the driver (or the booking's link) pays online what an
 * operator's change made due on a booking paid online in full, through the booking's own gateway — as a dearer
 * change's difference is paid (amendment-payments.service.ts), an amendment that changes nothing but what was paid. A
 * booking changed meanwhile is not paid this way: its payment is refunded.
 */
export async function payDue(ctx: AppContext, user: SessionUser, id: string): Promise<AmendmentPayment> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (isOperator(record, user)) throw new AppError('FORBIDDEN', 'Only the driver pays what is due.');
  if (!actions.includes('payDue')) throw new AppError('CONFLICT', 'Nothing is due to pay online on this booking.');
  const due = balanceOfRecord(record).due;
  // The balance of a returned rental or a no-show's fee (the counter's payment link) is paid through the booking's
  // own gateway, or the card gateway when the booking was never paid online (paid later, at the desk).
  const afterReturn = balancePayableOnline({ status: record.booking.status, amounts: { due } });
  const provider = afterReturn ? (record.booking.paymentProvider ?? cardGateway(ctx.config)) : undefined;
  return openAmendment(ctx, record, { values: { totalAmount: record.booking.totalAmount }, amount: due }, provider);
}

/** What a change alters of the booking besides its status (the audit entry's fields, the refund). */
const alters = (current: repository.BookingRow, plan: PlannedChange) =>
  Object.keys(changesOf(current, plan, null)).length > 0;

/**
 * `POST /api/update-booking/{id}`. Driver (or a guest with the booking's link):
 * dates, times, drop-off place, extras and additional driver of their own booking that has not started, where its
 * terms allow changes; operator (admin, the car's supplier): also the pick-up place and the status. Re-checked with
 * the checkout rules, priced at the booking's own terms and rate (amendment-plan.service.ts), and settled against what
 * was paid (contract `settlementOf`) on the locked row, one way for both: what was paid beyond the new total is
 * refunded through the gateways it was paid with, once even when the call is retried; a rise of a booking paid online
 * in full is paid first by its driver (`payForChange`) — an operator's is due at the counter, and its driver is
 * e-mailed a link to pay it online; a booking paid at the counter has the difference due there. An operator's
 * `cancelled` is the cancellation with its refund (cancellations.service.ts); a booking that took money cannot go
 * back to `void`. Every change is audited; the driver is told (and the supplier, of the driver's change).
 */
export async function updateBooking(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: UpdateBookingBody,
  language: Language,
) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  assertMayChange(record, user);
  const operator = isOperator(record, user);
  const { booking } = record;
  if (!operator && (body.status !== undefined || body.pickupLocationId !== undefined)) {
    throw new AppError('FORBIDDEN', 'Only the supplier can change this.');
  }
  if (!actions.includes('edit')) throw new AppError('CONFLICT', 'This booking can no longer be changed.');
  if (operator && body.status === 'cancelled' && booking.status !== 'cancelled') {
    await cancelByOperator(ctx, user, record);
    return getBooking(ctx, user, id, language);
  }
  if (body.status === 'void' && booking.status !== 'void' && balanceOfRecord(record).tookMoney) {
    throw new AppError('CONFLICT', 'A booking that was paid cannot await its payment again: cancel it instead.');
  }
  const plan = await planChange(ctx, record, body, operator);
  // A dearer change of a booking paid online is paid first: amendment-payment (amendment-payments.service.ts).
  if (!operator && plan.settlement === 'charge') throw dearer();
  const refundKey = amendmentRefundKey(record, plan);
  const status = body.status ?? booking.status;
  let result: { mails: (QueuedMail | null)[] };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const current = await repository.lockBooking(tx, id);
      if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (!unchangedSince(record, current)) {
        // The same change made by a retried call is done; another change made meanwhile wins (its quote was newer).
        if (sameAs(current, plan)) return { mails: [] };
        throw new AppError('CONFLICT', 'This booking was just changed. Check the new price and try again.');
      }
      const statusChanged = status !== current.status;
      const altered = alters(current, plan);
      // Nothing to change (a retry after the change was made): nothing written, nobody told again.
      if (!statusChanged && !altered) return { mails: [] };
      // Settled on the locked row and its ledger as they are now: a payment confirmed meanwhile counts.
      const balance = await balanceOf(ctx, tx, current);
      const settled = settle(current, plan.values.totalAmount, balance, operator);
      if (!operator && settled.settlement === 'charge') throw dearer();
      // The new period is written first (the exclusion constraint decides it), the gateway asked last: a refused
      // period refunds nothing, and a gateway failure rolls the change back — the same call may be made again.
      await repository.updateBooking(tx, id, {
        ...plan.values,
        ...(statusChanged ? { status, blocksCar: statusBlocksCar(status), holdExpiresAt: null } : {}),
      });
      const { parts, refund } =
        settled.settlement === 'refund'
          ? await refundAcrossPayments(ctx, tx, current, settled.amount, refundKey, { withDeposit: false })
          : { parts: [], refund: null };
      if (refund) await repository.updateBooking(tx, id, { chargedAmount: current.chargedAmount - refund.amount });
      for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
      const due = await dueNotice(ctx, tx, record, current, settled, balance.paid);
      await recordAudit(ctx, tx, user, {
        entity: 'booking',
        entityId: id,
        action: 'update',
        carId: booking.carId,
        supplierId: booking.supplierId,
        changes: {
          ...changesOf(current, plan, refund),
          ...(statusChanged ? { status: { before: current.status, after: status } } : {}),
          ...dueChange(current, settled.due, balance.paid),
        },
      });
      const mails = await recordChangeNotices(ctx, tx, record, {
        byOperator: operator,
        refund,
        statusChanged: statusChanged ? status : null,
        altered,
        ...(due ? { due } : {}),
      });
      return { mails };
    });
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw TAKEN();
    throw error;
  }
  await deliverNotices(ctx, result.mails);
  return getBooking(ctx, user, id, language);
}

const dearer = () =>
  new AppError('CONFLICT', 'This change costs more than was paid online: pay the difference to make it.');

/** The audit entry's `due`, when the change moved what is due. */
function dueChange(current: repository.BookingRow, due: number, paid: number): AuditChanges {
  const before = Math.max(0, current.totalAmount - paid);
  return due === before ? {} : { due: { before, after: due } };
}

/**
 * What the driver is told became due by a change (a rise at the counter): the amount, and — for a booking paid online
 * in full whose gateway can take it — a one-time link to pay it online (issueDueLink), recorded in `tx`.
 */
async function dueNotice(
  ctx: AppContext,
  tx: DbOrTx,
  record: repository.BookingRecord,
  current: repository.BookingRow,
  settled: ReturnType<typeof settle>,
  paid: number,
): Promise<BookingRef['due'] | null> {
  if (settled.settlement !== 'counter' || settled.due <= Math.max(0, current.totalAmount - paid)) return null;
  const due = { amount: settled.due, currency: current.currency };
  if (!duePayableOnline({ ...current, amounts: { due: settled.due } }) || !gatewayReady(ctx, current)) return due;
  const payLink = await issueDueLink(ctx, tx, current, record.pickupTimeZone);
  return payLink ? { ...due, payLink } : due;
}

/** The booking's own gateway can take a payment now (config.ts: a card gateway or the wallet configured since). */
const gatewayReady = (ctx: AppContext, booking: Pick<repository.BookingRow, 'paymentProvider'>) =>
  booking.paymentProvider === 'paypal'
    ? ctx.payments.paypal !== null
    : cardGateway(ctx.config) === booking.paymentProvider;
