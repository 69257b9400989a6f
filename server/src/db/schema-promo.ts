import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { carRange, promoKind } from './enums.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';

// Promo codes (docs/architecture.md §5 "Promo codes"): a business's codes, or the platform's for every business, and
// each booking that used one. A use is held while its booking is (not cancelled, not an unpaid hold that lapsed), so
// a cancelled booking gives its use back without a write; checkout counts and inserts uses under a lock on the code.

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The business (a supplier account); null: the platform's code, for every business. */
    supplierId: uuid('supplier_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Upper case (contract normalPromoCode); unique across the site, so a typed code names one. */
    code: text('code').notNull(),
    kind: promoKind('kind').notNull(),
    /** Percent 1–100, or minor units of the base currency. */
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    minimumDays: integer('minimum_days').notNull().default(0),
    placeIds: uuid('place_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ranges: carRange('ranges').array().notNull().default(sql`'{}'`),
    carIds: uuid('car_ids').array().notNull().default(sql`'{}'::uuid[]`),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstBookingOnly: boolean('first_booking_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    index('promo_codes_supplier_idx').on(t.supplierId),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/** One row per booking placed with a code: the use it holds (counted while the booking holds it). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('promo_code_uses_code_idx').on(t.promoCodeId, t.driverId)],
);
