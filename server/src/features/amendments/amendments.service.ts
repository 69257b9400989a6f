import type { AmendmentPayment } from '@roam/contract/amendments';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { statusBlocksCar } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import {
  assertMayChange,
  getBooking,
  isOperator,
  TAKEN,
  visibleRecord,
} from '#server/features/bookings/bookings.service.ts';
import { demoCardAccepted } from '#server/features/gateways/demo.gateway.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
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
  unchangedSince,
} from './amendment-plan.service.ts';
import { refundAcrossPayments } from './amendment-refund-split.service.ts';

// A change of a booking (docs/api.md "Change a booking"): its quote, a dearer change's difference paid through the
// booking's gateway before it applies (amendment-payments.service.ts), and making a change (update-booking). Above the
// bookings, below the cancellations and payments (docs/decisions/0007-money-flows-one-way.md).

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

/** `POST /api/amendment-quote/{id}` (issue #25 item 2): what the change would cost, and whether the car is free. */
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
 * `POST /api/amendment-payment/{id}` (issue #25 item 2): the driver (or the booking's link) confirms a dearer change of
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

/** `POST /api/pay-amendment/{id}/{amendmentId}`: the demo card pays a change's difference (issue #25 item 2). */
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

/** `POST /api/amendment-paypal-order/{id}/{amendmentId}`: the wallet's order of a change's difference (issue #25). */
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
 * `POST /api/update-booking/{id}` (issue #25 item 2). Driver (or a guest with the booking's link): dates, times,
 * drop-off place, extras and additional driver of their own booking that has not started, where the car's terms allow
 * changes, re-checked with the checkout rules and re-priced at the booking's rate (amendment-plan.service.ts). Paid
 * online in full and cheaper now: the difference is refunded through the booking's gateway, once even when the call is
 * retried; dearer: refused here, its difference is paid first (`payForChange`). Pay later or a
 * deposit: the difference is due at the counter. Operator (admin, the car's supplier): also the pick-up place and the
 * status; what was paid online stays as paid. Every change is audited; the driver and the supplier are told.
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
  const plan = await planChange(ctx, record, body, operator);
  // A dearer change of a booking paid online is paid first: amendment-payment (amendment-payments.service.ts).
  if (!operator && plan.settlement === 'charge') {
    throw new AppError('CONFLICT', 'This change costs more than was paid online: pay the difference to make it.');
  }
  const refundKey = !operator && plan.settlement === 'refund' ? amendmentRefundKey(record, plan) : null;
  const status = body.status ?? booking.status;
  let mails: (QueuedMail | null)[];
  try {
    mails = await ctx.db.transaction(async (tx) => {
      const current = await repository.lockBooking(tx, id);
      if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (!unchangedSince(record, current)) {
        // The same change made by a retried call is done; another change made meanwhile wins (its quote was newer).
        if (sameAs(current, plan)) return [];
        throw new AppError('CONFLICT', 'This booking was just changed. Check the new price and try again.');
      }
      const statusChanged = status !== current.status;
      // Nothing to change (a retry after the change was made): nothing written, nobody told again.
      if (!statusChanged && Object.keys(changesOf(current, plan, null)).length === 0) return [];
      // The new period is written first (the exclusion constraint decides it), the gateway asked last: a refused
      // period refunds nothing, and a gateway failure rolls the change back — the same call may be made again.
      await repository.updateBooking(tx, id, {
        ...plan.values,
        ...(statusChanged ? { status, blocksCar: statusBlocksCar(status), holdExpiresAt: null } : {}),
      });
      // Refunded across the booking's payments as a cancellation is: a paid dearer change's difference first.
      const { parts, refund } =
        refundKey && current.paymentProvider
          ? await refundAcrossPayments(ctx, tx, current, plan.amount, refundKey)
          : { parts: [], refund: null };
      if (refund) await repository.updateBooking(tx, id, { chargedAmount: current.chargedAmount - refund.amount });
      for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
      await recordAudit(ctx, tx, user, {
        entity: 'booking',
        entityId: id,
        action: 'update',
        carId: booking.carId,
        supplierId: booking.supplierId,
        changes: {
          ...changesOf(current, plan, refund),
          ...(statusChanged ? { status: { before: current.status, after: status } } : {}),
        },
      });
      return recordChangeNotices(ctx, tx, record, {
        byOperator: operator,
        refund,
        statusChanged: statusChanged ? status : null,
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw TAKEN();
    throw error;
  }
  await deliverNotices(ctx, mails);
  return getBooking(ctx, user, id, language);
}
