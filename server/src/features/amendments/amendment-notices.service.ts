import type { BookingStatus } from '@roam/contract/bookings';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { driverOf, factsOf, supplierOf, toSummary } from '#server/features/bookings/bookings.mapper.ts';
import * as repository from '#server/features/bookings/bookings.repository.ts';
import { type BookingRef, recordBookingNotice } from '#server/features/notifications/notifications.service.ts';
import type { Refund } from '#server/features/refunds/refunds.service.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { PlannedChange } from './amendment-plan.service.ts';

// What a change of a booking leaves behind: its audit entry, and the notices — the driver is told
// the new terms and any refund, or what became due and how to pay it, whoever changed it; the
// supplier is told when the driver changed or cancelled it on their own.

/** Whether the locked row already is the planned change (a retried call after it was made). */
export const sameAs = (current: repository.BookingRow, plan: PlannedChange) =>
  current.pickupAt.getTime() === plan.values.pickupAt.getTime() &&
  current.dropoffAt.getTime() === plan.values.dropoffAt.getTime() &&
  current.dropoffLocationId === plan.values.dropoffLocationId &&
  current.totalAmount === plan.values.totalAmount;

const same = (before: unknown, after: unknown) =>
  before instanceof Date && after instanceof Date
    ? before.getTime() === after.getTime()
    : JSON.stringify(before) === JSON.stringify(after);

/** The audit entry's changes: each field of the booking the change alters, before and after, and the refund made. */
export function changesOf(current: repository.BookingRow, plan: PlannedChange, refund: Refund | null) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, after] of Object.entries(plan.values)) {
    const before = current[field as keyof typeof plan.values];
    if (!same(before, after)) changes[field] = { before, after };
  }
  if (refund) changes.refund = { before: null, after: { amount: refund.amount, currency: refund.currency } };
  return changes;
}

/**
 * Records, in the change's transaction, the notices of a change (read back in `tx` for the new summary): its status
 * when it changed, and the change itself — an operator's only when it changed more than the status.
 */
export async function recordChangeNotices(
  ctx: AppContext,
  tx: DbOrTx,
  record: repository.BookingRecord,
  change: {
    byOperator: boolean;
    refund: Refund | null;
    statusChanged: BookingStatus | null;
    /** The operator's change altered the booking (its period, places, extras or price), not only its status. */
    altered?: boolean;
    due?: BookingRef['due'];
  },
): Promise<(QueuedMail | null)[]> {
  const updated = (await repository.findBooking(tx, record.booking.id)) ?? record;
  const ref = {
    id: record.booking.id,
    reference: record.booking.reference,
    carName: record.carName,
    summary: (language: Parameters<typeof toSummary>[1]) => toSummary(updated, language),
    facts: factsOf(updated),
  };
  const mails: (QueuedMail | null)[] = [];
  if (change.statusChanged) {
    mails.push(
      await recordBookingNotice(ctx, tx, driverOf(record), 'bookingStatusChanged', {
        ...ref,
        status: change.statusChanged,
      }),
    );
  }
  const refund = change.refund ? { refund: { amount: change.refund.amount, currency: change.refund.currency } } : {};
  const due = change.due ? { due: change.due } : {};
  if (change.byOperator && !change.altered && !change.refund) return mails;
  mails.push(await recordBookingNotice(ctx, tx, driverOf(record), 'bookingChanged', { ...ref, ...refund, ...due }));
  if (change.byOperator) return mails;
  mails.push(await recordBookingNotice(ctx, tx, supplierOf(record), 'driverChangedBooking', ref));
  return mails;
}
