import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

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
