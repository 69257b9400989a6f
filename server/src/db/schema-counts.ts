import { bigint, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';

/**
 * How many rentals name an account, as its driver or as the supplier whose car it is (a booking whose driver is its
 * supplier counts once; blocks never): the admin's accounts list shows it on every row. Kept by the database in the
 * transaction that inserts, deletes or re-assigns a booking (migration 0036's triggers, whoever writes), so listing a
 * page reads one row per account instead of counting its bookings (bench/README.md, "The console's lists at ten
 * times the data"). No row: none.
 */
export const userBookingCounts = pgTable('user_booking_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rentals: integer('rentals').notNull().default(0),
});

/**
 * What each booking's ledger came to (docs/decisions/0009-the-money-ledger.md): `paid`, every payment taken (a
 * charge, a capture, a counter payment that succeeded), `paidOnline` those not at the counter, `refunded` every
 * refund that succeeded — the sums lib/booking-money.repository.ts reads for many bookings at once (the desk's totals,
 * the dashboard's revenue). Kept by the database in the transaction that writes a payment or a refund (the
 * statement-level triggers of the migration that made it, whoever writes), so those sums read one row per booking
 * instead of grouping the whole ledger (bench/README.md, "The console's lists at ten times the data"). No row: none.
 */
export const bookingLedgerSums = pgTable('booking_ledger_sums', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  paidOnline: bigint('paid_online', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
});
