import { bookingActions } from '@roam/contract/booking-actions';
import type { BookingSummary } from '@roam/contract/booking-summary';
import type { BookingsQuery, UpdateBookingBody } from '@roam/contract/bookings';
import type { CancellationQuote } from '@roam/contract/cancellations';
import { BLOCKING_STATUSES, type BookingStatus, isOperatorStatus, type Language } from '@roam/contract/enums';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesOf, recordChangeNotices, sameAs } from '#server/features/amendments/amendment-notices.service.ts';
import {
  amendmentRefundKey,
  planChange,
  TAKEN,
  unchangedSince,
} from '#server/features/amendments/amendment-plan.service.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import {
  quoteOf as cancellationQuoteOf,
  cancellationTerms,
  cancelWithRefund,
  refundAcrossPayments,
  supplierOf,
} from '#server/features/cancellations/cancellations.service.ts';
import {
  deliverNotices,
  type Recipient,
  recordBookingNotice,
} from '#server/features/notifications/notifications.service.ts';
import { confirmRefund } from '#server/features/payments/refunds.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { actionsOf, toDetail, toRow, toSummary } from './bookings.mapper.ts';
import * as repository from './bookings.repository.ts';

// Bookings API (issue #5). Ownership: every call checks the session against the booking (ARCHITECTURE §4, §5);
// other people's bookings answer 404 so ids cannot be probed. Every change that notifies someone records the
// notifications and their e-mails in the change's own transaction and delivers the e-mails after the commit
// (notifications.service.ts): a crash can lose neither, and the mailer's sweeper sends what was left pending.

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Booking not found.');
const blocks = (status: BookingStatus) => (BLOCKING_STATUSES as readonly BookingStatus[]).includes(status);

export function scopeOf(user: SessionUser, now: Date): repository.Scope {
  if (user.type === 'admin') return { kind: 'admin' };
  if (user.type === 'supplier') return { kind: 'supplier', userId: user.id };
  return { kind: 'driver', userId: user.id, now };
}

/** Admins, and the supplier of the booked car. */
export function isOperator(record: repository.BookingRecord, user: Pick<SessionUser, 'id' | 'type'>): boolean {
  return user.type === 'admin' || (user.type === 'supplier' && record.booking.supplierId === user.id);
}

export async function listBookings(
  ctx: AppContext,
  user: SessionUser,
  query: BookingsQuery,
  page: number,
  size: number,
) {
  const { rows, totalCount } = await repository.listBookings(
    ctx.db,
    scopeOf(user, ctx.clock.now()),
    {
      statuses: query.statuses,
      ...(query.from ? { from: new Date(query.from) } : {}),
      ...(query.to ? { to: new Date(query.to) } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    },
    page,
    size,
  );
  return { results: rows.map((row) => toRow(row, query.language)), totalCount };
}

/** The booking and what `user` may do with it now; a booking with no action for them does not exist to them. */
export async function visibleRecord(ctx: AppContext, user: SessionUser, id: string) {
  const record = await repository.findBooking(ctx.db, id);
  const actions = record ? actionsOf(record, user, ctx.clock.now()) : [];
  if (!record || actions.length === 0) throw NOT_FOUND();
  return { record, actions };
}

export async function getBooking(ctx: AppContext, user: SessionUser, id: string, language: Language) {
  return toDetail((await visibleRecord(ctx, user, id)).record, language);
}

/**
 * The summary of a booking in each reader's language (issue #22 item 10), read in `db` — the transaction of the
 * change a notice reports, or the database — for checkout, payments and notices to show.
 */
export async function bookingSummaries(
  _ctx: AppContext,
  db: DbOrTx,
  id: string,
): Promise<((language: Language) => BookingSummary) | null> {
  const record = await repository.findBooking(db, id);
  return record ? (language) => toSummary(record, language) : null;
}

const driverOf = (record: repository.BookingRecord): Recipient => ({
  id: record.booking.driverId,
  email: record.driverEmail,
  language: record.driverLanguage,
  enableEmailNotifications: record.driverNotifications,
});

/** Records, in the transaction `tx` of the change, that the booking's driver is told its new status. */
function recordStatusNotice(
  tx: DbOrTx,
  ctx: AppContext,
  record: repository.BookingRecord,
  status: BookingStatus,
): Promise<QueuedMail | null> {
  return recordBookingNotice(ctx, tx, driverOf(record), 'bookingStatusChanged', {
    id: record.booking.id,
    reference: record.booking.reference,
    carName: record.carName,
    status,
  });
}

/**
 * `POST /api/update-booking/{id}` (issue #25 item 2). Driver (or a guest with the booking's link): dates, times,
 * drop-off place, extras and additional driver of their own booking that has not started, where the car's terms allow
 * changes, re-checked with the checkout rules and re-priced at the booking's rate (amendment-plan.service.ts). Paid
 * online in full and cheaper now: the difference is refunded through the booking's gateway, once even when the call is
 * retried; dearer: refused until paying the difference online exists (the quote says 'charge'). Pay later or a
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
      if (!current) throw NOT_FOUND();
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
        ...(statusChanged ? { status, blocksCar: blocks(status), holdExpiresAt: null } : {}),
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
  return toDetail((await visibleRecord(ctx, user, id)).record, language);
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
    return toDetail((await visibleRecord(ctx, user, id)).record, language);
  }
  const mails = await ctx.db.transaction(async (tx) => {
    // Decided on the locked row: two cancels at once change and notify once.
    const [current] = await repository.lockBookings(tx, [id]);
    if (!current || current.status === 'cancelled') return [];
    // Checked out meanwhile: the counter's statuses go one way (docs/architecture.md §5 "After the booking").
    if (!isOperatorStatus(current.status)) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
    if (operator) {
      await repository.updateBooking(tx, id, { status: 'cancelled', blocksCar: false, holdExpiresAt: null });
      return [await recordStatusNotice(tx, ctx, record, 'cancelled')];
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
        }),
      );
    }
    return queued;
  });
  await deliverNotices(ctx, mails);
  return toDetail((await visibleRecord(ctx, user, id)).record, language);
}

/** `GET /api/cancellation-quote/{id}` (issue #25 item 3): what the cancel dialog says before the driver confirms. */
export async function cancellationQuote(ctx: AppContext, user: SessionUser, id: string): Promise<CancellationQuote> {
  const { record, actions } = await visibleRecord(ctx, user, id);
  if (!actions.includes('cancel')) throw new AppError('CONFLICT', 'This booking can no longer be cancelled.');
  return cancellationQuoteOf(record, ctx.clock.now());
}

/**
 * `POST /api/release-booking/{id}` (issue #22 item 5): the driver lets go of an unpaid online booking while its hold
 * lasts — the car is free again at once, and the attempt, which never became a booking, leaves their list.
 */
export async function releaseBooking(ctx: AppContext, user: SessionUser, id: string) {
  const { actions } = await visibleRecord(ctx, user, id);
  if (!actions.includes('release')) throw new AppError('CONFLICT', 'This booking is not awaiting payment.');
  await repository.releaseHold(ctx.db, id);
  return { count: 1 };
}

async function allVisible(ctx: AppContext, user: SessionUser, ids: string[]) {
  const unique = [...new Set(ids)];
  const now = ctx.clock.now();
  const rows = await repository.visibleIds(ctx.db, scopeOf(user, now), unique);
  if (rows.length !== unique.length) throw NOT_FOUND();
  // Amendments do not decide any bulk action.
  return { unique, actions: rows.map((row) => bookingActions({ ...row, amendable: false }, user, now)) };
}

/**
 * `POST /api/delete-bookings`, all or nothing. Admins and suppliers (their fleet) delete any selection
 * (ARCHITECTURE §5); a driver deletes only their own cancelled bookings (contract booking-actions.ts; an unpaid
 * attempt whose hold is gone is no booking of theirs at all).
 */
export async function deleteBookings(ctx: AppContext, user: SessionUser, ids: string[]) {
  const { unique, actions } = await allVisible(ctx, user, ids);
  if (actions.some((allowed) => !allowed.includes('delete'))) {
    throw new AppError('CONFLICT', 'Only cancelled bookings can be deleted.');
  }
  await ctx.db.transaction(async (tx) => repository.deleteBookings(tx, unique));
  return { count: unique.length };
}

/**
 * `POST /api/update-booking-status` (admin; supplier on its own fleet), all or nothing in one transaction.
 * cancelled/void release the car; pending/deposit/paid/reserved block it and may hit the no-overlap rule (409). A
 * booking the counter took on (on rent, returned, closed, no-show) is refused (409).
 */
export async function updateBookingStatus(ctx: AppContext, user: SessionUser, ids: string[], status: BookingStatus) {
  const { unique } = await allVisible(ctx, user, ids);
  let mails: (QueuedMail | null)[];
  try {
    mails = await ctx.db.transaction(async (tx) => {
      const locked = await repository.lockBookings(tx, unique);
      // The counter's statuses are left only through the counter, one way (docs/architecture.md §5).
      if (locked.some((row) => !isOperatorStatus(row.status))) {
        throw new AppError('CONFLICT', 'A booking checked out, returned, closed or a no-show keeps its status.');
      }
      const changed = locked.filter((row) => row.status !== status);
      await repository.setStatuses(tx, unique, status, blocks(status));
      const queued: (QueuedMail | null)[] = [];
      for (const row of changed) {
        const record = await repository.findBooking(tx, row.id);
        if (record) queued.push(await recordStatusNotice(tx, ctx, record, status));
      }
      return queued;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw TAKEN();
    throw error;
  }
  await deliverNotices(ctx, mails);
  return { count: unique.length };
}
