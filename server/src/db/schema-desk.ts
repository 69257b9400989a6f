import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';

// The bookings desk (docs/architecture.md §5 "The bookings desk"): what the console keeps about a booking beside it.

/**
 * Notes between a booking's operators ("the customer will arrive late", "keys at the front desk"): never shown to
 * the driver, never changed — a correction is a new note. The author stays named while the account exists.
 */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_notes_booking_idx').on(t.bookingId, t.createdAt)],
);
