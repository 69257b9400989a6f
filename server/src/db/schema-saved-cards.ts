import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bookings } from './schema-bookings.ts';

/**
 * The card a booking's payer saved at checkout (docs/decisions/0014-charges-after-the-rental.md): the card provider's
 * customer and payment method (never the card's number), or the demo gateway's stand-ins. `consentedAt`: when the
 * payer agreed that the charges after the rental (the return's balance above the deposit held, a toll or a fine added
 * later) are taken from it; null when the card was kept only to hold the deposit beside a payment in full.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'stripe' or 'demo'; null until the payment that saves it is confirmed. */
    provider: varchar('provider', { length: 16 }),
    customer: varchar('customer', { length: 255 }),
    paymentMethod: varchar('payment_method', { length: 255 }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_cards_customer_idx').on(t.customer)],
);
