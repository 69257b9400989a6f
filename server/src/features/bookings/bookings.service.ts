import { bookingActions, holdIsLive } from '@roam/contract/booking-actions';
import type { BookingSummary, BookingsQuery } from '@roam/contract/bookings';
import { type BookingStatus, isOperatorStatus } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { inBranches, roleMay } from '@roam/contract/team';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { withMoney as ledgerWithMoney } from '#server/features/ledger/ledger.service.ts';
import { deliverNotices, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { isPlatform, operates } from '#server/plugins/session-user.ts';
import { actionsOf, driverOf, factsOf, statusBlocksCar, toDetail, toRow, toSummary } from './bookings.mapper.ts';
import * as repository from './bookings.repository.ts';

// Bookings API. Ownership: every call checks the session against the booking (docs/architecture.md §4, §5);
// other people's bookings answer 404 so ids cannot be probed. Every change that notifies someone records the
// notifications and their e-mails in the change's own transaction and delivers the e-mails after the commit
// (notifications.service.ts): a crash can lose neither, and the mailer's sweeper sends what was left pending.
//
// The bookings are the layer the money slices above them build on (docs/decisions/0007-money-flows-one-way.md): a
// booking's change is the amendments' (amendments.service.ts `updateBooking`), its cancel the cancellations'
// (cancellations.service.ts `cancelBooking`); nothing here imports them.

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Booking not found.');

/** The exclusion constraint refused a period: another booking holds the car then. */
export const TAKEN = () => new AppError('CAR_UNAVAILABLE', 'This car was just booked by someone else for these dates.');

export function scopeOf(user: SessionUser, now: Date): repository.Scope {
  if (isPlatform(user)) return { kind: 'admin' };
  if (user.businessId !== null) return { kind: 'supplier', userId: user.businessId, branchIds: user.branchIds };
  return { kind: 'driver', userId: user.id, now };
}

/**
 * An operator whose role only reads bookings (an accountant, a counter agent; contract team.ts) changes none: 403,
 * before the action's own rules answer.
 */
export function assertMayChange(record: repository.BookingRecord, user: SessionUser): void {
  if (isOperator(record, user) && !roleMay(user.role, 'bookings.write'))
    throw new AppError('FORBIDDEN', 'Not allowed.');
}

/** The platform, and the members of the booked car's business working at its branches. */
export function isOperator(
  record: repository.BookingRecord,
  user: Pick<SessionUser, 'role' | 'businessId' | 'branchIds'>,
): boolean {
  const { booking } = record;
  return (
    operates(user, booking.supplierId) &&
    (user.businessId === null || inBranches(user.branchIds, booking.pickupLocationId, booking.dropoffLocationId))
  );
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

/** Bookings among `ids` that `operator` runs, all of them or 404 (another fleet's do not exist for them). */
export async function operatedBookings(ctx: AppContext, operator: SessionUser, ids: string[]) {
  const unique = [...new Set(ids)].sort();
  const records = [];
  for (const id of unique) {
    const record = await repository.findBooking(ctx.db, id);
    if (!record || !isOperator(record, operator)) throw NOT_FOUND();
    records.push(record);
  }
  return records;
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
 * The summary of a booking in each reader's language, read in `db` — the transaction of the
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

/**
 * What a confirmation's notices carry (notifications.service.ts `BookingRef`): the summary in each reader's language
 * and the booking's facts — the driver's contact for the desk, the extras bought for both.
 */
export async function bookingNoticeDetails(
  _ctx: AppContext,
  db: DbOrTx,
  id: string,
): Promise<{ summary: (language: Language) => BookingSummary; facts: ReturnType<typeof factsOf> } | null> {
  const record = await repository.findBooking(db, id);
  return record ? { summary: (language) => toSummary(record, language), facts: factsOf(record) } : null;
}

/** Records, in the transaction `tx` of the change, that the booking's driver is told its new status. */
export function recordStatusNotice(
  ctx: AppContext,
  tx: DbOrTx,
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
 * `POST /api/release-booking/{id}`: the driver lets go of an unpaid online booking while its hold
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
  const withMoney = new Set(await ledgerWithMoney(ctx, ctx.db, unique));
  // Amendments do not decide any bulk action; money taken does (kept, never deleted).
  const actions = rows.map((row) =>
    bookingActions({ ...row, amendable: false, tookMoney: withMoney.has(row.id) }, user, now),
  );
  return { unique, rows, actions, withMoney };
}

/**
 * `POST /api/delete-bookings`, all or nothing. Admins and suppliers (their fleet) delete a selection of bookings that
 * never took money (docs/architecture.md §5); a driver deletes only their own cancelled bookings (contract booking-actions.ts;
 * an unpaid attempt whose hold is gone is no booking of theirs at all). A booking that took or held money is kept with
 * its ledger: it is cancelled, never deleted (409). The driver of a booking an operator deletes is
 * told (a notification and an e-mail), unless it never was a booking to them (an attempt whose hold had lapsed).
 */
export async function deleteBookings(ctx: AppContext, user: SessionUser, ids: string[]) {
  const { unique, rows, actions, withMoney } = await allVisible(ctx, user, ids);
  if (user.role !== null && !roleMay(user.role, 'bookings.write')) throw new AppError('FORBIDDEN', 'Not allowed.');
  if (withMoney.size > 0) {
    throw new AppError('CONFLICT', 'A booking that was paid, even in part, cannot be deleted: cancel it instead.');
  }
  if (actions.some((allowed) => !allowed.includes('delete'))) {
    throw new AppError('CONFLICT', 'Only cancelled bookings can be deleted.');
  }
  const now = ctx.clock.now();
  const told = rows.filter((row) => user.id !== row.driverId && (row.status !== 'void' || holdIsLive(row, now)));
  const mails = await ctx.db.transaction(async (tx) => {
    // Told in the transaction that deletes it: the notice outlives the booking (its booking id then cleared).
    const queued: (QueuedMail | null)[] = [];
    for (const row of told) {
      const record = await repository.findBooking(tx, row.id);
      if (record) {
        queued.push(
          await recordBookingNotice(ctx, tx, driverOf(record), 'bookingDeleted', {
            id: row.id,
            reference: record.booking.reference,
            carName: record.carName,
          }),
        );
      }
    }
    // Money taken since it was checked (a payment confirmed meanwhile): the ledger's foreign key refuses the delete.
    try {
      await repository.deleteBookings(tx, unique);
    } catch (error) {
      // 23001 restrict_violation (the ledger's foreign key), 23503 on a database that reports it so.
      if (pgErrorCode(error) === '23001' || pgErrorCode(error) === '23503') {
        throw new AppError('CONFLICT', 'A booking that was paid, even in part, cannot be deleted: cancel it instead.');
      }
      throw error;
    }
    return queued;
  });
  await deliverNotices(ctx, mails);
  return { count: unique.length };
}

/**
 * `POST /api/update-booking-status` (admin; supplier on its own fleet), all or nothing in one transaction, for the
 * statuses that move no money: cancelled/void release the car; pending/deposit/paid/reserved block it and may hit the
 * no-overlap rule (409). A booking that took money is cancelled with its refund (cancellations.service.ts
 * `setBookingStatuses`, which calls this for the rest) and never goes back to `void` (409).
 * A booking the counter took on (on rent, returned, closed, no-show) is refused (409).
 */
export async function updateBookingStatus(ctx: AppContext, user: SessionUser, ids: string[], status: BookingStatus) {
  const { unique, withMoney } = await allVisible(ctx, user, ids);
  if ((status === 'void' || status === 'cancelled') && withMoney.size > 0) {
    throw new AppError('CONFLICT', 'A booking that was paid cannot await its payment again: cancel it instead.');
  }
  let mails: (QueuedMail | null)[];
  try {
    mails = await ctx.db.transaction(async (tx) => {
      const locked = await repository.lockBookings(tx, unique);
      // The counter's statuses are left only through the counter, one way (docs/architecture.md §5).
      if (locked.some((row) => !isOperatorStatus(row.status))) {
        throw new AppError('CONFLICT', 'A booking checked out, returned, closed or a no-show keeps its status.');
      }
      const changed = locked.filter((row) => row.status !== status);
      await repository.setStatuses(tx, unique, status, statusBlocksCar(status));
      const queued: (QueuedMail | null)[] = [];
      for (const row of changed) {
        const record = await repository.findBooking(tx, row.id);
        if (!record) continue;
        // Each booking's history tells the operator's change (docs/architecture.md §5 "Readable history").
        await recordAudit(ctx, tx, user, {
          entity: 'booking',
          entityId: row.id,
          action: 'update',
          carId: record.booking.carId,
          supplierId: record.booking.supplierId,
          changes: { status: { before: row.status, after: status } },
        });
        queued.push(await recordStatusNotice(ctx, tx, record, status));
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
