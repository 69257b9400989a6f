import { type BookingStatus, isOperatorStatus } from '@roam/contract/bookings';
import { type CancellationQuote, cancellationRefund } from '@roam/contract/cancellations';
import type { Language } from '@roam/contract/languages';
import type { BookingBalance } from '@roam/contract/ledger';
import { rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { balanceOfRecord, driverOf, factsOf, supplierOf, toDetail } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import {
  assertMayChange,
  getBooking,
  isOperator,
  operatedBookings,
  updateBookingStatus,
  visibleRecord,
} from '#server/features/bookings/bookings.service.ts';
import { decideCaptures, settleHolds } from '#server/features/holds/holds.service.ts';
import { balanceOf } from '#server/features/ledger/ledger.service.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { refundAcrossPayments } from '#server/features/refunds/refund-split.service.ts';
import { cancellationRefundKey, confirmRefund, type Refund } from '#server/features/refunds/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';

// A cancellation and its refund (docs/architecture.md §5 Bookings), shared by
// every way a booking is cancelled with what its terms give back: the operator approving a driver's request, the
// driver's own cancel when the terms make it free (pay later, or the cancellation extra included or bought, and 24
// hours or more before pick-up) — decided at once, with no request — and the operator's own cancel (cancel-booking,
// the status `cancelled` of update-booking and of update-booking-status). One rule (contract `cancellationRefund`)
// decides them all, and the cancel dialog's quote, on the booking's own terms and what its ledger says was paid
// online. Above the bookings, below the amendments and payments: docs/decisions/0009-the-money-ledger.md.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

/**
 * What was paid online (the ledger's, less refunds) and what a cancellation gives back at `at`, by the booking's
 * terms: its cancellation extra bought, or included in the terms it was bought with (never the car's now). A fee is
 * kept from what was paid first; what it needs beyond that is taken from the deposit held on the card (`fromHold`),
 * the rest of the hold released (docs/decisions/0012-deposit-holds.md).
 */
export function cancellationTerms(
  booking: repository.BookingRow,
  balance: Pick<BookingBalance, 'paidOnline' | 'held'>,
  at: Date,
) {
  const paid = booking.status === 'void' ? 0 : Math.max(0, balance.paidOnline);
  const held = booking.status === 'void' ? 0 : balance.held;
  const terms = cancellationRefund({
    paymentOption: booking.paymentOption,
    paid: paid + held,
    currency: booking.currency,
    rate: booking.rate,
    price: booking.price,
    rentalDays: rentalDays(booking.pickupAt, booking.dropoffAt),
    cancellationCovered: booking.cancellation || booking.terms.car.cancellation === 0,
    pickupAt: booking.pickupAt,
    requestedAt: at,
  });
  const fromPaid = Math.min(paid, terms.fee);
  return { paid, free: terms.free, fee: terms.fee, refund: paid - fromPaid, fromHold: terms.fee - fromPaid, held };
}

/** Decides `fee` taken from the booking's open holds in `tx` (as the rental kept: its invoice's line); what it took. */
async function keepFromHold(ctx: AppContext, tx: DbOrTx, id: string, fee: number) {
  const steps = await decideCaptures(ctx, tx, id, { due: fee, purpose: 'rental' });
  return steps.reduce((sum, step) => sum + (step.capture?.amount ?? 0), 0);
}

/** What the driver's cancel would do now (`GET /api/cancellation-quote/{id}`), by the rule the cancel itself uses. */
export function quoteOf(record: repository.BookingRecord, now: Date): CancellationQuote {
  const { booking } = record;
  const terms = cancellationTerms(booking, balanceOfRecord(record), now);
  return {
    decision: terms.free ? 'now' : 'request',
    paid: { amount: terms.paid, currency: booking.currency },
    refund: { amount: terms.refund, currency: booking.currency },
    fee: terms.fee,
    paymentProvider: terms.paid > 0 ? booking.paymentProvider : null,
  };
}

/** Who cancels: the driver by their terms (null), an operator approving the driver's request, or cancelling. */
export type Canceller = { actor: Actor; action: 'approveCancellation' | 'cancel' } | null;

/**
 * Cancels the booking and refunds what its terms give back at `at`, worked out on the locked row and its ledger: a
 * change that refunded part of the payment meanwhile leaves only the rest to refund, so the refunds together never
 * exceed what was paid. In one transaction: the row locked, the refund recorded and asked of the
 * gateways the money was taken with (refunds/refund-split.service.ts, under the booking's key), the booking
 * cancelled, the refund confirmed, the audit row of an operator's decision and the driver's notice. A gateway failure
 * rolls it all back; a retry — after a failure, or of a cancellation already made — refunds nothing twice. The
 * driver's own cancel (no `audit`) is refused when the locked row no longer makes it free. Returns the refund and the
 * e-mails to deliver after the commit.
 */
export async function cancelWithRefund(
  ctx: AppContext,
  record: repository.BookingRecord,
  at: Date,
  audit: Canceller,
): Promise<{ refund: Refund | null; mails: (QueuedMail | null)[] }> {
  const { booking } = record;
  const id = booking.id;
  const outcome = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current || current.status === 'cancelled') return { refund: null, mails: [] };
    // Checked out meanwhile: the counter's statuses go one way (docs/architecture.md §5 "After the booking").
    if (!isOperatorStatus(current.status)) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
    const balance = await balanceOf(ctx, tx, current);
    const terms = cancellationTerms(current, balance, at);
    // The driver's free cancel was decided on the row as read; a change made since (an earlier pick-up) may end it.
    if (!audit && !terms.free) {
      throw new AppError(
        'CONFLICT',
        'This booking was just changed. Check what a cancellation gives back and try again.',
      );
    }
    const { parts, refund } =
      terms.refund > 0
        ? await refundAcrossPayments(ctx, tx, current, terms.refund, cancellationRefundKey(id), { withDeposit: true })
        : { parts: [], refund: null };
    await repository.updateBooking(tx, id, {
      status: 'cancelled',
      blocksCar: false,
      holdExpiresAt: null,
      cancelRequest: false,
      cancelRequestedAt: booking.cancelRequestedAt ?? ctx.clock.now(),
    });
    for (const part of parts) await confirmRefund(ctx, tx, part.key, part.refund.reference);
    // The customer cancelling (their request decided): the fee beyond what was paid is decided here, on the hold (a
    // pending capture: a restart finds it), and taken from it once the cancellation commits (below), the rest
    // released. An operator's own cancel releases the hold whole.
    const kept = current.cancelRequest && terms.fromHold > 0 ? await keepFromHold(ctx, tx, id, terms.fromHold) : 0;
    const money = {
      ...(refund ? { refund: { amount: refund.amount, currency: refund.currency } } : {}),
      ...(kept > 0
        ? {
            kept: {
              amount: kept,
              released: terms.held - kept,
              currency: current.currency,
              // What held it, named in the customer's notice: the card, the payer's PayPal, or the desk.
              on: balance.depositOn ?? 'card',
            },
          }
        : {}),
    };
    // The booking's history tells every cancellation and its refund (docs/architecture.md §5 "Readable history"): the
    // operator's decision or own cancel, or the driver's own free cancel.
    await recordAudit(ctx, tx, audit?.actor ?? { id: booking.driverId, type: 'user', role: null, businessId: null }, {
      entity: 'booking',
      entityId: id,
      action: audit?.action ?? 'cancel',
      carId: booking.carId,
      supplierId: booking.supplierId,
      changes: {
        status: { before: current.status, after: 'cancelled' },
        ...(current.cancelRequest ? { cancelRequest: { before: true, after: false } } : {}),
        ...(refund ? { refund: { before: null, after: money.refund } } : {}),
        ...(money.kept ? { keptFromHold: { before: null, after: money.kept } } : {}),
      },
    });
    const ref = { id, reference: booking.reference, carName: record.carName, status: 'cancelled' as const, ...money };
    // The operator's own cancel: the driver is told its new status and what comes back.
    if (audit?.action === 'cancel') {
      return { refund, mails: [await recordBookingNotice(ctx, tx, driverOf(record), 'bookingStatusChanged', ref)] };
    }
    const driverNotice = await recordBookingNotice(ctx, tx, driverOf(record), 'cancelApproved', ref);
    // The driver's own free cancel: the supplier learns it too (item 2's open gap); an operator's approval
    // was the supplier's own decision.
    if (audit) return { refund, mails: [driverNotice] };
    const supplierNotice = await recordBookingNotice(ctx, tx, supplierOf(record), 'driverCancelled', {
      id,
      reference: booking.reference,
      carName: record.carName,
    });
    return { refund, mails: [driverNotice, supplierNotice] };
  });
  // A deposit held on the card for a booking now cancelled is given back, less the fee decided above, captured from
  // it (docs/decisions/0012-deposit-holds.md); should the gateway fail, the next cancel call (a retry) finishes it, or
  // the hold lapses by itself.
  await settleHolds(ctx, id, async (tx) =>
    (await repository.lockBooking(tx, id))?.status === 'cancelled' ? { due: 0, purpose: 'deposit' } : null,
  ).catch((error: unknown) =>
    ctx.log.warn({ err: error, bookingId: id }, 'cancelled booking: deposit hold not released yet'),
  );
  return outcome;
}

/**
 * `POST /api/cancel-booking/{id}`. A driver's cancel is decided at once when the car's terms make it free (pay later,
 * or the cancellation extra included or bought, and 24 hours or more before pick-up: docs/architecture.md §5)
 * — cancelled, an online payment refunded once through its gateway, the driver told the amount. Otherwise it is a
 * cancellation request (spec §4: the supplier then decides it) — the supplier and the admins are notified. An
 * operator cancels with the refund the terms give (judged when the driver asked, if they did, else now), through the
 * gateways, and the driver is told.
 */
export async function cancelBooking(ctx: AppContext, user: SessionUser, id: string, language: Language) {
  const { record, actions } = await visibleRecord(ctx, user, id);
  assertMayChange(record, user);
  // Asked again (a double click, a retry): the same answer, nothing sent twice.
  if (record.booking.status === 'cancelled' || (record.booking.cancelRequest && !actions.includes('cancel'))) {
    return toDetail(record, language);
  }
  if (!actions.includes('cancel')) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
  if (isOperator(record, user)) {
    await cancelByOperator(ctx, user, record);
    return getBooking(ctx, user, id, language);
  }
  // The booking's terms make it free: decided at once, refunded through the gateway, no request.
  const now = ctx.clock.now();
  if (cancellationTerms(record.booking, balanceOfRecord(record), now).free) {
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
    if (current.cancelRequest) return [];
    // When it was asked decides the refund (the 24-hour rule).
    await repository.updateBooking(tx, id, { cancelRequest: true, cancelRequestedAt: new Date() });
    await recordAudit(ctx, tx, user, {
      entity: 'booking',
      entityId: id,
      action: 'requestCancellation',
      carId: record.booking.carId,
      supplierId: record.booking.supplierId,
      changes: { cancelRequest: { before: false, after: true } },
    });
    const supplier = supplierOf(record);
    const queued: (QueuedMail | null)[] = [];
    for (const recipient of [supplier, ...(await repository.admins(tx, record.booking.supplierId))]) {
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

/**
 * An operator cancels `record` (cancel-booking, update-booking's or update-booking-status's `cancelled`): refunded by
 * its terms through its gateways — as an approval would, judged when the driver asked if they did, else now — audited,
 * and its driver told with what comes back. Retried, it refunds nothing twice.
 */
export async function cancelByOperator(ctx: AppContext, actor: Actor, record: repository.BookingRecord) {
  const at = record.booking.cancelRequestedAt ?? ctx.clock.now();
  const { refund, mails } = await cancelWithRefund(ctx, record, at, { actor, action: 'cancel' });
  await deliverNotices(ctx, mails);
  return refund;
}

/**
 * `POST /api/update-booking-status` (admin; supplier on its own fleet). `cancelled`: each booking cancelled as an
 * operator's cancel-booking is — refunded by its terms through its gateways, audited, its driver told —
 * one after the other, each in its own transaction (a refund cannot be undone at a gateway, so they are not
 * all-or-nothing together): a gateway failure stops at that booking (503), those before it stay cancelled and
 * refunded, and the same call finishes the rest. Every other status: all or nothing (bookings.service.ts).
 */
export async function setBookingStatuses(ctx: AppContext, user: SessionUser, ids: string[], status: BookingStatus) {
  if (status !== 'cancelled') return updateBookingStatus(ctx, user, ids, status);
  const records = await operatedBookings(ctx, user, ids);
  for (const record of records) {
    if (record.booking.status !== 'cancelled') await cancelByOperator(ctx, user, record);
  }
  return { count: records.length };
}

/** `GET /api/cancellation-quote/{id}`: what the cancel dialog says before the driver confirms. */
export async function cancellationQuote(ctx: AppContext, user: SessionUser, id: string): Promise<CancellationQuote> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (!actions.includes('cancel')) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
  return quoteOf(record, ctx.clock.now());
}
