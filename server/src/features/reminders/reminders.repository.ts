import { BLOCKING_STATUSES } from '@roam/contract/bookings';
import { and, eq, gt, inArray, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingReminders, bookings, locations } from '#server/db/schema.ts';

// The only Drizzle code of the reminders slice.

export type ReminderKind = 'pickup' | 'dropoff';

const HOURS_24 = 24 * 3600_000;

const notSent = (kind: ReminderKind) =>
  notExists(
    sql`(select 1 from ${bookingReminders} where ${bookingReminders.bookingId} = ${bookings.id} and ${bookingReminders.kind} = ${kind})`,
  );

/**
 * Bookings that may be due a reminder at `now` and have not had it: a live booking whose pick-up is within 24 hours,
 * or whose car is out and comes back within 24 hours (the service keeps those whose drop-off is today on the drop-off
 * place's clock).
 */
export async function reminderCandidates(db: DbOrTx, now: Date) {
  const soon = new Date(now.getTime() + HOURS_24);
  const live = and(eq(bookings.kind, 'rental'), inArray(bookings.status, [...BLOCKING_STATUSES]));
  const rows = await db
    .select({
      bookingId: bookings.id,
      pickupAt: bookings.pickupAt,
      dropoffAt: bookings.dropoffAt,
      dropoffTimeZone: locations.timeZone,
      pickupDue: sql<boolean>`${bookings.pickupAt} > ${now} and ${bookings.pickupAt} <= ${soon}`,
    })
    .from(bookings)
    .innerJoin(locations, eq(locations.id, bookings.dropoffLocationId))
    .where(
      and(
        live,
        or(
          // A car handed over early (the counter's early window) needs no pick-up reminder.
          and(
            gt(bookings.pickupAt, now),
            lte(bookings.pickupAt, soon),
            ne(bookings.status, 'on_rent'),
            notSent('pickup'),
          ),
          and(
            lte(bookings.pickupAt, now),
            gt(bookings.dropoffAt, now),
            lte(bookings.dropoffAt, soon),
            notSent('dropoff'),
          ),
        ),
      ),
    );
  return rows.map((row) => ({ ...row, kind: (row.pickupDue ? 'pickup' : 'dropoff') as ReminderKind }));
}

/**
 * Claims the booking's reminder of `kind` in the transaction that records it: true for the one caller whose row
 * landed. A concurrent claim waits on the primary key until the first commits, then finds it taken; a rollback frees it.
 */
export async function claimReminder(tx: DbOrTx, bookingId: string, kind: ReminderKind): Promise<boolean> {
  const rows = await tx
    .insert(bookingReminders)
    .values({ bookingId, kind })
    .onConflictDoNothing()
    .returning({ bookingId: bookingReminders.bookingId });
  return rows.length === 1;
}
