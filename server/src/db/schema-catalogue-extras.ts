import type { CarRange } from '@roam/contract/cars';
import type { CatalogueExtraCharge } from '@roam/contract/catalogue-extras';
import type { Language } from '@roam/contract/languages';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';
import { locations } from './schema-fleet.ts';

// The business's own extras (contract catalogue-extras.ts), their stock per location, and what each booking holds of
// them (docs/decisions/0016-extra-stock-row-locks.md: a checkout locks the stock row, then counts the holding
// bookings' quantities, so a stock is never oversold).

export const catalogueExtras = pgTable(
  'catalogue_extras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<Record<Language, string>>().notNull(),
    charge: varchar('charge', { length: 10 }).$type<CatalogueExtraCharge>().notNull(),
    /** Minor units of the base currency, without the supplier's percentage. */
    price: money('price').notNull(),
    maxPerRental: money('max_per_rental'),
    maxQuantity: smallint('max_quantity').notNull().default(1),
    mandatory: boolean('mandatory').notNull().default(false),
    /** The cars and ranges that offer it; both empty: every car of the business. */
    carIds: uuid('car_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ranges: text('ranges').array().$type<CarRange[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('catalogue_extras_supplier_idx').on(t.supplierId)],
);

/** A location's stock of an extra. An extra without rows keeps none (unlimited); with rows, only their locations. */
export const catalogueExtraStock = pgTable(
  'catalogue_extra_stock',
  {
    extraId: uuid('extra_id')
      .notNull()
      .references(() => catalogueExtras.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.extraId, t.locationId] })],
);

/**
 * What a booking holds of an extra at its pick-up location: counted against the stock while the booking holds its
 * car (`bookings.blocks_car`), so a cancelled or lapsed booking gives it back without a write here.
 */
export const bookingCatalogueExtras = pgTable(
  'booking_catalogue_extras',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    extraId: uuid('extra_id')
      .notNull()
      .references(() => catalogueExtras.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    quantity: smallint('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.extraId] }),
    index('booking_catalogue_extras_stock_idx').on(t.extraId, t.locationId),
  ],
);
