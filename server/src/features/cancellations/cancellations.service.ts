import { type CancellationQuote, cancellationRefund } from '@roam/contract/cancellations';
import type { PaymentProvider } from '@roam/contract/enums';
import { rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import * as amendmentsRepository from '#server/features/amendments/amendments.repository.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import {
  cancellationRefundKey,
  confirmRefund,
  type Refund,
  refundedFromPayment,
  refundPayment,
  refundTotal,
} from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';

// A cancellation and its refund (ARCHITECTURE §5 Bookings; issues #23 item 6 and #25 item 3), shared by the two ways
// a booking is cancelled with what its terms give back: the operator approving a driver's request, and the driver's
// own cancel when the terms make it free (pay later, or the cancellation extra included or bought, and 24 hours or
// more before pick-up) — decided at once, with no request. One rule (contract `cancellationRefund`) decides both, and
// the cancel dialog's quote.

type Actor = Pick<SessionUser, 'id' | 'type'>;

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

export const driverOf = (record: repository.BookingRecord) => ({
  id: record.booking.driverId,
  email: record.driverEmail,
  language: record.driverLanguage,
  enableEmailNotifications: record.driverNotifications,
});

export const supplierOf = (record: repository.BookingRecord) => ({
  id: record.booking.supplierId,
  email: record.supplierEmail,
  language: record.supplierLanguage,
  enableEmailNotifications: record.supplierNotifications,
});

/**
 * Refunds `amount` of what the booking was paid, across its payments (issue #25 item 2), in `tx`: the differences of
 * dearer changes, newest first, each at most what it took less what was refunded from it, then the booking's own
 * payment (the card provider refunds a payment intent at most what it took; what is left of it is what was charged
 * less the differences' rest). Each part under its own key, so a retry makes none twice: the booking's payment under
 * `key`, a difference under `key` and its change's. Used by the cancellation (`cancellationRefundKey`) and by a
 * cheaper change (its `amendmentRefundKey`). Returns each part to confirm, and the refund as the driver sees it: one
 * amount, the total.
 */
export async function refundAcrossPayments(
  ctx: AppContext,
  tx: DbOrTx,
  current: repository.BookingRow,
  amount: number,
  key: string,
) {
  const payments: { key: string; provider: PaymentProvider; reference: string | null; amount: number }[] = [];
  for (const paid of await amendmentsRepository.appliedAmendments(tx, current.id)) {
    if (!paid.paymentReference) continue;
    const refunded = await refundedFromPayment(ctx, tx, current.id, paid.paymentReference, key);
    payments.push({
      key: `${key}-${paid.id}`,
      provider: paid.provider,
      reference: paid.paymentReference,
      amount: paid.amount - refunded,
    });
  }
  payments.push({ key, provider: current.paymentProvider!, reference: current.paymentReference, amount });
  const parts: { key: string; refund: Refund }[] = [];
  let left = amount;
  for (const payment of payments) {
    const part = Math.min(left, payment.amount);
    if (part <= 0) continue;
    left -= part;
    const refund = await refundPayment(
      ctx,
      { ...payment, bookingId: current.id, amount: part, currency: current.currency },
      tx,
    );
    parts.push({ key: payment.key, refund });
  }
  return { parts, refund: refundTotal(parts) };
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
