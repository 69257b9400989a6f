import type { BookedTerms } from '@roam/contract/booked-terms';
import type { InvoiceParty } from '@roam/contract/invoices';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, tstzrange, updatedAt, xid8 } from './columns.ts';
import { blockReason, bookingKind, bookingStatus, paymentOption, paymentProvider } from './enums.ts';
import { files, users } from './schema-accounts.ts';
import { cars, locations } from './schema-fleet.ts';

// The bookings: rentals and the periods an operator blocks a car (docs/architecture.md §5).

export type AdditionalDriver = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  /** Read at the walk-in (contract walk-in.schema.ts `DeskLicenceSchema`): the check-out starts from it. */
  licence?: { licenseNumber: string; licenseCountry: string; licenseExpiresOn: string };
};
/** A driver's or an additional driver's licence as checked (at the counter or at online check-in). */
export type StoredLicence = {
  licenseNumber: string;
  licenseCountry: string;
  licenseExpiresOn: string;
  birthDate: string;
};
export type StoredAdditionalDriver = StoredLicence & { fullName: string };
/** What an operator typed of a customer at the desk (walk-in), which is all the booking shows of them. */
/** `email` is '' when the counter customer gave none (contract walk-in.ts NO_EMAIL_DOMAIN). */
export type DeskCustomer = { fullName: string; email: string; phone: string; birthDate: string };

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The short human reference: 8 characters without I, L, O, 0 and 1, drawn from the database's
     * strong random source at insert (`booking_reference()`, migration 0014) whoever inserts the row; unique, and a
     * checkout that meets a taken one draws again (checkout.repository.ts).
     */
    reference: varchar('reference', { length: 8 }).notNull().default(sql`booking_reference()`),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickupLocationId: uuid('pickup_location_id')
      .notNull()
      .references(() => locations.id),
    dropoffLocationId: uuid('dropoff_location_id')
      .notNull()
      .references(() => locations.id),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
    dropoffAt: timestamp('dropoff_at', { withTimezone: true }).notNull(),
    period: tstzrange('period').notNull().generatedAlwaysAs(sql`tstzrange(pickup_at, dropoff_at, '[)')`),
    /**
     * `block`: a period its operator took the car out of service (maintenance, private use). A block is a
     * `reserved` row that holds the car, so the exclusion constraint, the search and checkout treat it as a booking;
     * every booking list, count, notice and call leaves it out (`kind = 'rental'`). Its driver is the car's supplier.
     */
    kind: bookingKind('kind').notNull().default('rental'),
    blockReason: blockReason('block_reason'),
    blockNote: varchar('block_note', { length: 500 }),
    status: bookingStatus('status').notNull(),
    /**
     * Whether this booking holds the car. Kept by the server: true for pending/deposit/paid/reserved and for
     * void with a live hold; a time-dependent rule cannot live in the constraint's predicate (docs/architecture.md §5).
     */
    blocksCar: boolean('blocks_car').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentOption: paymentOption('payment_option').notNull(),
    cancellation: boolean('cancellation').notNull().default(false),
    amendments: boolean('amendments').notNull().default(false),
    theftProtection: boolean('theft_protection').notNull().default(false),
    collisionDamageWaiver: boolean('collision_damage_waiver').notNull().default(false),
    fullInsurance: boolean('full_insurance').notNull().default(false),
    additionalDriver: boolean('additional_driver').notNull().default(false),
    additionalDriverDetails: jsonb('additional_driver_details').$type<AdditionalDriver>(),
    /**
     * The terms the booking was bought with (contract booked-terms.ts): the car's rates,
     * extras and deposit, the supplier's percentage, the mileage, fuel policy and minimum age, as they were at
     * checkout. Every later price of the booking is computed from them, never from the car as it is now. Written by
     * checkout and walk-in; a row inserted without them (the seed, a script, a blocked period) gets the car's terms
     * as they are at insert, from the database (`booked_terms`, migration 0025): the default null is the trigger's
     * cue, never stored.
     */
    terms: jsonb('terms').$type<BookedTerms>().notNull().default(sql`null`),
    /** Authoritative total in base currency minor units, computed by the contract price engine. */
    price: money('price').notNull(),
    deposit: money('deposit').notNull(),
    payNow: money('pay_now').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Units of `currency` per 1 base-currency unit at booking time. */
    rate: numeric('rate', { precision: 18, scale: 8, mode: 'number' }).notNull().default(1),
    /**
     * The total in `currency` minor units, line by line at `rate` (contract `priceIn`), fixed at checkout and on
     * every re-pricing at the same rate: what every screen and e-mail shows. 0 for a row with no
     * price (a blocked period).
     */
    totalAmount: integer('total_amount').notNull().default(0),
    /** The car's security deposit in `currency` minor units, at `rate` (contract `paymentSplit`). */
    depositAmount: integer('deposit_amount').notNull().default(0),
    /** What is charged online, in `currency` minor units: `paymentSplit(…).payNow` of the two above. */
    chargedAmount: integer('charged_amount').notNull(),
    paymentProvider: paymentProvider('payment_provider'),
    paymentReference: varchar('payment_reference', { length: 255 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelRequest: boolean('cancel_request').notNull().default(false),
    /** When the driver asked to cancel: the 24-hour rule is judged then, not when the operator decides. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    licenseFileId: uuid('license_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Online check-in (docs/architecture.md §5 "After the booking"): when, and the licence and drivers given. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkIn: jsonb('check_in').$type<{ licence: StoredLicence; additionalDrivers: StoredAdditionalDriver[] }>(),
    /** The car the booking was made with, when the counter swapped it (an upgrade); and whether it was re-priced. */
    swappedFromCarId: uuid('swapped_from_car_id'),
    swapRepriced: boolean('swap_repriced').notNull().default(false),
    /**
     * Made by an operator at the desk (walk-in or phone), not by the driver: its supplier reads the driver's licence
     * only once the driver confirmed it by paying (docs/architecture.md §5 "Files"), and the driver may refuse it
     * (`refusedAt`).
     */
    bookedAtDesk: boolean('booked_at_desk').notNull().default(false),
    /**
     * What the operator typed of the customer at the desk: the name, phone and birth date the booking shows, never
     * the account's own profile. Null: the driver booked, or the admin picked them.
     */
    deskCustomer: jsonb('desk_customer').$type<DeskCustomer>(),
    /**
     * A business customer's company name, address and VAT number, the buyer on the invoices issued after they were
     * given (docs/decisions/0011-invoices.md). Null: the driver is the buyer.
     */
    invoiceBuyer: jsonb('invoice_buyer').$type<InvoiceParty>(),
    /** When the driver refused a booking made in their name at the desk: cancelled, and gone from their list. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /**
     * A guest checkout's browser: the hash of its guest token (plugins/guest-token.ts), the guest's proof that the
     * booking is theirs to pay and to read the payment of. Null for a signed-in driver.
     */
    guestTokenHash: varchar('guest_token_hash', { length: 64 }),
    /**
     * The network address the booking was placed from, as a keyed hash (HMAC with the session secret: equal
     * addresses match, the address itself is not stored). One address keeps only a few unpaid bookings at once
     * (features/checkout/place-booking.service.ts).
     */
    clientKey: varchar('client_key', { length: 64 }),
    /**
     * The transaction that last inserted or updated the row (set by a trigger, migration 0005): the car search's
     * in-memory index reads the rows changed since its last look (src/features/cars/search.index.ts).
     */
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_changed_xid_idx').on(t.changedXid),
    index('bookings_driver_idx').on(t.driverId, t.createdAt),
    index('bookings_supplier_idx').on(t.supplierId, t.createdAt),
    index('bookings_car_idx').on(t.carId),
    // The counter's queues (docs/architecture.md §5 "After the booking"): cars on rent, overdue returns by drop-off.
    index('bookings_status_dropoff_idx').on(t.status, t.dropoffAt).where(sql`${t.kind} = 'rental'`),
    // The operator's queue of cancellation requests.
    index('bookings_cancel_request_idx').on(t.supplierId).where(sql`${t.cancelRequest}`),
    // Checkout counts an address's unpaid bookings: only those still blocking a car, unpaid.
    index('bookings_unpaid_client_idx').on(t.clientKey).where(sql`${t.blocksCar} and ${t.paidAt} is null`),
    // The car search asks which cars are blocked over a period, for every car at a place at once: the
    // exclusion constraint's gist index leads with car_id, so a period-only lookup had to walk all of it.
    index('bookings_blocking_period_idx').using('gist', t.period).where(sql`${t.blocksCar}`),
    // The dashboard: today's pick-ups and drop-offs, a period's revenue by pick-up date, and the
    // unpaid holds, each a sequential scan of every booking without these (EXPLAIN on 200k bookings: 70–85 ms each).
    index('bookings_rental_pickup_idx').on(t.pickupAt, t.id).where(sql`${t.kind} = 'rental'`),
    // Beside it, written by hand in migration 0040 (an INCLUDE Drizzle cannot state): bookings_rental_pickup_money_idx,
    // the same rentals by pick-up with the columns of the dashboard's revenue, read without the wide rows.
    // The rentals by drop-off: migration 0045 rebuilt it with the drop-off place, supplier, status and id INCLUDEd (by
    // hand), so the dashboard counts the day's drop-offs per place from it alone.
    index('bookings_rental_dropoff_idx').on(t.dropoffAt).where(sql`${t.kind} = 'rental'`),
    index('bookings_unpaid_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'void' and ${t.blocksCar}`),
    // The bookings desk (docs/architecture.md §5): the admin's list newest first, and a supplier's by pick-up (its
    // order and its days), each a walk of a few index entries instead of a sort of every booking of the scope.
    index('bookings_rental_created_idx').on(t.createdAt, t.id).where(sql`${t.kind} = 'rental'`),
    index('bookings_supplier_pickup_idx').on(t.supplierId, t.pickupAt, t.id).where(sql`${t.kind} = 'rental'`),
    // The desk's orders to the last key (the booking's id breaks ties): read in the index's order and stopped at the
    // page, where an order by the instant alone sorted each run of equal instants — and read its money — first.
    index('bookings_supplier_created_idx').on(t.supplierId, t.createdAt, t.id).where(sql`${t.kind} = 'rental'`),
    // The desk's search finds a desk booking by what was typed of its customer: the few desk bookings, not all.
    index('bookings_desk_customer_idx').on(t.createdAt).where(sql`${t.deskCustomer} is not null`),
    uniqueIndex('bookings_payment_reference_key').on(t.paymentProvider, t.paymentReference),
    uniqueIndex('bookings_reference_key').on(t.reference),
  ],
);
