import { isOperatorStatus } from '@roam/contract/bookings';
import { type CancellationQuote, cancellationRefund } from '@roam/contract/cancellations';
import type { Language } from '@roam/contract/languages';
import { rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import { refundAcrossPayments } from '#server/features/amendments/amendment-refund-split.service.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { driverOf, factsOf, supplierOf, toDetail } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import {
  assertMayChange,
  getBooking,
  isOperator,
  recordStatusNotice,
  visibleRecord,
} from '#server/features/bookings/bookings.service.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { cancellationRefundKey, confirmRefund, type Refund } from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';

// A cancellation and its refund (ARCHITECTURE §5 Bookings; issues #23 item 6 and #25 item 3), shared by the two ways
// a booking is cancelled with what its terms give back: the operator approving a driver's request, and the driver's
// own cancel when the terms make it free (pay later, or the cancellation extra included or bought, and 24 hours or
// more before pick-up) — decided at once, with no request. One rule (contract `cancellationRefund`) decides both, and
// the cancel dialog's quote. Above the bookings and the amendments (a cancellation refunds each paid change's
// difference, then the rest), below payments: docs/decisions/0007-money-flows-one-way.md.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

/** What was paid online and what a cancellation gives back at `at`, by the car's terms. */
export function cancellationTerms(record: repository.BookingRecord, at: Date) {
  const { booking } = record;
  const paid = booking.paidAt && booking.paymentProvider && booking.status !== 'void' ? booking.chargedAmount : 0;
  const terms = cancellationRefund({
    paymentOption: booking.paymentOption,
    paid,
    currency: booking.currency,
    rate: booking.rate,
    price: booking.price,
    rentalDays: rentalDays(booking.pickupAt, booking.dropoffAt),
    cancellationCovered: booking.cancellation || record.carCancellation === 0,
    pickupAt: booking.pickupAt,
    requestedAt: at,
  });
  return { paid, ...terms };
}

/** What the driver's cancel would do now (`GET /api/cancellation-quote/{id}`), by the rule the cancel itself uses. */
export function quoteOf(record: repository.BookingRecord, now: Date): CancellationQuote {
  const { booking } = record;
  const terms = cancellationTerms(record, now);
  return {
    decision: terms.free ? 'now' : 'request',
    paid: { amount: terms.paid, currency: booking.currency },
    refund: { amount: terms.refund, currency: booking.currency },
    fee: terms.fee,
    paymentProvider: terms.paid > 0 ? booking.paymentProvider : null,
  };
}

/**
 * Cancels the booking and refunds what its terms give back at `at`, worked out on the locked row: a change that
 * refunded part of the payment meanwhile leaves only the rest to refund, so the refunds together never exceed what was
 * charged (issue #25 item 2). In one transaction: the row locked, the refund recorded and asked of the gateway under
 * the booking's key, the booking cancelled, the refund confirmed, the audit row of an operator's decision and the
 * driver's notice. A gateway failure rolls it all back; a retry — after a failure, or of a cancellation already made —
 * refunds nothing twice. The driver's own cancel (no `audit`) is refused when the locked row no longer makes it free.
 * Returns the refund and the e-mails to deliver after the commit.
 */
export async function cancelWithRefund(
  ctx: AppContext,
  record: repository.BookingRecord,
  at: Date,
  audit: { actor: Actor; action: 'approveCancellation' } | null,
): Promise<{ refund: Refund | null; mails: (QueuedMail | null)[] }> {
  const { booking } = record;
  const id = booking.id;
  return ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current || current.status === 'cancelled') return { refund: null, mails: [] };
    const terms = cancellationTerms({ ...record, booking: current }, at);
    // The driver's free cancel was decided on the row as read; a change made since (an earlier pick-up) may end it.
    if (!audit && !terms.free) {
      throw new AppError(
        'CONFLICT',
        'This booking was just changed. Check what a cancellation gives back and try again.',
      );
    }
    const { parts, refund } =
      terms.refund > 0 && current.paymentProvider
        ? await refundAcrossPayments(ctx, tx, current, terms.refund, cancellationRefundKey(id))
        : { parts: [], refund: null };
    await repository.updateBooking(tx, id, {
      status: 'cancelled',
      blocksCar: false,
      holdExpiresAt: null,
      cancelRequest: false,
      cancelRequestedAt: booking.cancelRequestedAt ?? ctx.clock.now(),
    });
    for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
    if (audit) {
      await recordAudit(ctx, tx, audit.actor, {
        entity: 'booking',
        entityId: id,
        action: audit.action,
        carId: booking.carId,
        supplierId: booking.supplierId,
        changes: {
          status: { before: current.status, after: 'cancelled' },
          cancelRequest: { before: current.cancelRequest, after: false },
          ...(refund ? { refund: { before: null, after: { amount: refund.amount, currency: refund.currency } } } : {}),
        },
      });
    }
    const driverNotice = await recordBookingNotice(ctx, tx, driverOf(record), 'cancelApproved', {
      id,
      reference: booking.reference,
      carName: record.carName,
      status: 'cancelled',
      ...(refund ? { refund: { amount: refund.amount, currency: refund.currency } } : {}),
    });
    // The driver's own free cancel: the supplier learns it too (issue #25 item 2's open gap); an operator's approval
    // was the supplier's own decision.
    if (audit) return { refund, mails: [driverNotice] };
    const supplierNotice = await recordBookingNotice(ctx, tx, supplierOf(record), 'driverCancelled', {
      id,
      reference: booking.reference,
      carName: record.carName,
    });
    return { refund, mails: [driverNotice, supplierNotice] };
  });
}

/**
 * `POST /api/cancel-booking/{id}`. A driver's cancel is decided at once when the car's terms make it free (pay later,
 * or the cancellation extra included or bought, and 24 hours or more before pick-up: ARCHITECTURE §5, issue #25 item
 * 3) — cancelled, an online payment refunded once through its gateway, the driver told the amount. Otherwise it is a
 * cancellation request (spec §4: the supplier then decides it) — the supplier and the admins are notified. An
 * operator cancels: status cancelled, car released.
 */
export async function cancelBooking(ctx: AppContext, user: SessionUser, id: string, language: Language) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  assertMayChange(record, user);
  // Asked again (a double click, a retry): the same answer, nothing sent twice.
  if (record.booking.status === 'cancelled' || (record.booking.cancelRequest && !actions.includes('cancel'))) {
    return toDetail(record, language);
  }
  if (!actions.includes('cancel')) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
  const operator = isOperator(record, user);
  // The car's terms make it free (issue #25 item 3): decided at once, refunded through the gateway, no request.
  const now = ctx.clock.now();
  if (!operator && cancellationTerms(record, now).free) {
    const { mails } = await cancelWithRefund(ctx, record, now, null);
    await deliverNotices(ctx, mails);
    return getBooking(ctx, user, id, language);
  }
  const mails = await ctx.db.transaction(async (tx) => {
    // Decided on the locked row: two cancels at once change and notify once.
    const [current] = await repository.lockBookings(tx, [id]);
    if (!current || current.status === 'cancelled') return [];
    // Checked out meanwhile: the counter's statuses go one way (docs/architecture.md §5 "After the booking").
    if (!isOperatorStatus(current.status)) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
    if (operator) {
      await repository.updateBooking(tx, id, { status: 'cancelled', blocksCar: false, holdExpiresAt: null });
      return [await recordStatusNotice(ctx, tx, record, 'cancelled')];
    }
    if (current.cancelRequest) return [];
    // When it was asked decides the refund (the 24-hour rule; issue #23 cancellation queue).
    await repository.updateBooking(tx, id, { cancelRequest: true, cancelRequestedAt: new Date() });
    const supplier = supplierOf(record);
    const queued: (QueuedMail | null)[] = [];
    for (const recipient of [supplier, ...(await repository.admins(tx))]) {
      queued.push(
        await recordBookingNotice(ctx, tx, recipient, 'cancelRequested', {
          id,
          reference: record.booking.reference,
          carName: record.carName,
          // The desk contacts the driver to settle it.
          facts: factsOf(record),
        }),
      );
    }
    return queued;
  });
  await deliverNotices(ctx, mails);
  return getBooking(ctx, user, id, language);
}

/** `GET /api/cancellation-quote/{id}` (issue #25 item 3): what the cancel dialog says before the driver confirms. */
export async function cancellationQuote(ctx: AppContext, user: SessionUser, id: string): Promise<CancellationQuote> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (!actions.includes('cancel')) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
  return quoteOf(record, ctx.clock.now());
}
