import { bigint, date, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bookingStatus, carRange } from './enums.ts';
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

/**
 * The dashboard's fleet utilisation kept by the database (docs/architecture.md §5 "Revenue"): cars and the
 * time they were held, grouped by what the utilisation is grouped by — the car's supplier, range, and place (the zero
 * uuid: the car itself, counted once; a place's id: the car at each place it serves) — and by the car's time in the
 * fleet (`addedOn`, the UTC day it was added; `until`, when it left, or infinity), which decides whether the car counts
 * in a period. Kept in the transaction that writes a booking, a car or a car's places (the triggers of migration
 * 0044, whoever writes), so a period reads a few hundred rows instead of every car and every hold (bench/README.md,
 * "The dashboard and the desk's totals kept by the writes").
 */
const fleetKey = () => ({
  supplierId: uuid('supplier_id').notNull(),
  range: carRange('range').notNull(),
  locationId: uuid('location_id').notNull(),
  addedOn: timestamp('added_on', { withTimezone: true, mode: 'string' }).notNull(),
  until: timestamp('until', { withTimezone: true, mode: 'string' }).notNull(),
});

/** How many cars share a key (rows at 0 may stay). */
export const fleetCohorts = pgTable('fleet_cohorts', { ...fleetKey(), cars: integer('cars').notNull() }, (t) => [
  primaryKey({ columns: [t.supplierId, t.range, t.locationId, t.addedOn, t.until] }),
]);

/**
 * Their holds' time on each UTC day, in microseconds: booked (rentals that hold or held the car) and blocked (the
 * operator's blocks) — the holds the utilisation counts (dashboard.repository.ts). A day at UTC makes a period of whole
 * UTC days (the dashboard's) exactly the sum of its days.
 */
export const fleetUseDays = pgTable(
  'fleet_use_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...fleetKey(),
    bookedUs: bigint('booked_us', { mode: 'number' }).notNull(),
    blockedUs: bigint('blocked_us', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.supplierId, t.range, t.locationId, t.addedOn, t.until] })],
);

/**
 * Each supplier's rentals per pick-up day (at the pick-up place's clock), status and currency: how many, their revenue
 * and refunds, in the currency and in the base one (lib/booking-money.repository.ts `REVENUE`, `BASE_REVENUE`,
 * `REFUNDED`, `BASE_REFUNDED`: a status that earns its total, the total; the others, what was kept) — the dashboard's
 * revenue of a period (its days are the place's) and the bookings desk's totals line without a filter. Kept by the
 * database in the transaction that writes a booking, its ledger sums or a place's time zone (the triggers of
 * migration 0046, whoever writes), so both read a few rows instead of every booking of the scope (bench/README.md,
 * "The dashboard and the desk's totals kept by the writes"). Rows at 0 may stay.
 */
export const revenueDays = pgTable(
  'revenue_days',
  {
    supplierId: uuid('supplier_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: bookingStatus('status').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    bookings: integer('bookings').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    baseRevenue: bigint('base_revenue', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull(),
    baseRefunded: bigint('base_refunded', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.day, t.status, t.currency] })],
);
