import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  blockReason,
  bookingKind,
  bookingStatus,
  carRange,
  fileKind,
  fuelPolicy,
  fuelType,
  gearbox,
  paymentOption,
  paymentProvider,
  tokenPurpose,
  userType,
} from './enums.ts';

// The whole domain as known today (issue #2). Money: integer minor units of BASE_CURRENCY (ARCHITECTURE §5).

import { bytea, createdAt, money, tstzrange, updatedAt, xid8 } from './columns.ts';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: fileKind('kind').notNull(),
    ownerId: uuid('owner_id'),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    /** A licence uploaded during guest checkout before the account exists; swept when abandoned. */
    temporary: boolean('temporary').notNull().default(false),
    /**
     * A temporary upload's browser: the hash of its guest token (plugins/guest-token.ts). Only that browser may
     * delete it or attach it to a booking (issue #21 finding 7).
     */
    guestTokenHash: varchar('guest_token_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: userType('type').notNull().default('user'),
    email: varchar('email', { length: 320 }).notNull(),
    passwordHash: text('password_hash'),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 40 }),
    location: varchar('location', { length: 200 }),
    bio: text('bio'),
    birthDate: date('birth_date', { mode: 'string' }),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    licenseFileId: uuid('license_file_id').references(() => files.id, { onDelete: 'set null' }),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    enableEmailNotifications: boolean('enable_email_notifications').notNull().default(true),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    blacklisted: boolean('blacklisted').notNull().default(false),
    // Supplier accounts (type = supplier).
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    priceChangeRate: numeric('price_change_rate', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    payLater: boolean('pay_later').notNull().default(true),
    licenseRequired: boolean('license_required').notNull().default(false),
    /** Where drivers and Roam reach the supplier (issue #23); null: the account's e-mail. */
    contactEmail: varchar('contact_email', { length: 320 }),
    /**
     * Deleted by the admin (issue #24): personal data erased, the row kept (anonymised) so that the account's bookings
     * stay in the other party's history. It cannot sign in and no list shows it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_type_idx').on(t.type)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie token: a stolen database does not yield live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/** Names per language: { en, fr, es, se, de }. */
type LocalizedNames = Record<string, string>;

export const countries = pgTable('countries', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
});

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => locations.id, { onDelete: 'set null' }),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** Airport, city centre, station… free text kind for display. */
    kind: varchar('kind', { length: 20 }).notNull().default('city'),
    /** The rental desk's street address, shown on a booking's confirmation (issue #22 item 10); null: none known. */
    address: varchar('address', { length: 300 }),
  },
  (t) => [index('locations_country_idx').on(t.countryId), index('locations_parent_idx').on(t.parentId)],
);

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    /** Upper case, unique among the supplier's cars (issue #23); null when not given. */
    licensePlate: varchar('license_plate', { length: 20 }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    range: carRange('range').notNull(),
    fuelType: fuelType('fuel_type').notNull(),
    gearbox: gearbox('gearbox').notNull(),
    seats: smallint('seats').notNull(),
    doors: smallint('doors').notNull(),
    aircon: boolean('aircon').notNull(),
    /** Kilometres; −1 = unlimited (spec §3). */
    mileage: integer('mileage').notNull(),
    fuelPolicy: fuelPolicy('fuel_policy').notNull(),
    multimedia: text('multimedia').array().notNull().default(sql`'{}'::text[]`),
    dailyPrice: money('daily_price').notNull(),
    discountedDailyPrice: money('discounted_daily_price'),
    hourlyPrice: money('hourly_price'),
    discountedHourlyPrice: money('discounted_hourly_price'),
    biWeeklyPrice: money('bi_weekly_price'),
    discountedBiWeeklyPrice: money('discounted_bi_weekly_price'),
    weeklyPrice: money('weekly_price'),
    discountedWeeklyPrice: money('discounted_weekly_price'),
    monthlyPrice: money('monthly_price'),
    discountedMonthlyPrice: money('discounted_monthly_price'),
    isDateBasedPrice: boolean('is_date_based_price').notNull().default(false),
    deposit: money('deposit').notNull(),
    // Extras: −1 unavailable, 0 included, otherwise a price in minor units (spec §3).
    cancellation: money('cancellation').notNull(),
    amendments: money('amendments').notNull(),
    theftProtection: money('theft_protection').notNull(),
    collisionDamageWaiver: money('collision_damage_waiver').notNull(),
    fullInsurance: money('full_insurance').notNull(),
    additionalDriver: money('additional_driver').notNull(),
    available: boolean('available').notNull().default(true),
    fullyBooked: boolean('fully_booked').notNull().default(false),
    comingSoon: boolean('coming_soon').notNull().default(false),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    trips: integer('trips').notNull().default(0),
    minimumAge: smallint('minimum_age').notNull().default(21),
    co2: integer('co2'),
    /**
     * Deleted by its operator (issue #23): out of the fleet (no places, not bookable, not listed), kept so that the
     * bookings it had stay in their drivers' and suppliers' history.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cars_supplier_idx').on(t.supplierId),
    index('cars_search_idx').on(t.range, t.dailyPrice),
    uniqueIndex('cars_supplier_plate_key').on(t.supplierId, t.licensePlate).where(sql`${t.deletedAt} is null`),
  ],
);

export const carLocations = pgTable(
  'car_locations',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.carId, t.locationId] }), index('car_locations_location_idx').on(t.locationId)],
);

export const dateBasedPrices = pgTable(
  'date_based_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dailyPrice: money('daily_price').notNull(),
  },
  (t) => [index('date_based_prices_car_idx').on(t.carId)],
);

export type AdditionalDriver = { fullName: string; email: string; phone: string; birthDate: string };
/** What an operator typed of a customer at the desk (walk-in), which is all the booking shows of them. */
export type DeskCustomer = { fullName: string; email: string; phone: string; birthDate: string };

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The short human reference (issue #22 item 10): 8 characters without I, L, O, 0 and 1, drawn from the database's
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
     * `block`: a period its operator took the car out of service (maintenance, private use; issue #23). A block is a
     * `reserved` row that holds the car, so the exclusion constraint, the search and checkout treat it as a booking;
     * every booking list, count, notice and call leaves it out (`kind = 'rental'`). Its driver is the car's supplier.
     */
    kind: bookingKind('kind').notNull().default('rental'),
    blockReason: blockReason('block_reason'),
    blockNote: varchar('block_note', { length: 500 }),
    status: bookingStatus('status').notNull(),
    /**
     * Whether this booking holds the car. Kept by the server: true for pending/deposit/paid/reserved and for
     * void with a live hold; a time-dependent rule cannot live in the constraint's predicate (ARCHITECTURE §5).
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
    /** Authoritative total in base currency minor units, computed by the contract price engine. */
    price: money('price').notNull(),
    deposit: money('deposit').notNull(),
    payNow: money('pay_now').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Units of `currency` per 1 base-currency unit at booking time. */
    rate: numeric('rate', { precision: 18, scale: 8, mode: 'number' }).notNull().default(1),
    /**
     * The total in `currency` minor units, line by line at `rate` (contract `priceIn`), fixed at checkout and on
     * every re-pricing at the same rate (issue #22 item 3): what every screen and e-mail shows. 0 for a row with no
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
    /** When the driver asked to cancel: the 24-hour rule is judged then, not when the operator decides (issue #23). */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    licenseFileId: uuid('license_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * Made by an operator at the desk (walk-in or phone, issue #24 item 5), not by the driver: its supplier reads the
     * driver's licence only once the driver confirmed it by paying (docs/architecture.md §5 "Files"), and the driver
     * may refuse it (`refusedAt`).
     */
    bookedAtDesk: boolean('booked_at_desk').notNull().default(false),
    /**
     * What the operator typed of the customer at the desk: the name, phone and birth date the booking shows, never
     * the account's own profile (second outside audit, item 1). Null: the driver booked, or the admin picked them.
     */
    deskCustomer: jsonb('desk_customer').$type<DeskCustomer>(),
    /** When the driver refused a booking made in their name at the desk: cancelled, and gone from their list. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /**
     * A guest checkout's browser: the hash of its guest token (plugins/guest-token.ts), the guest's proof that the
     * booking is theirs to pay and to read the payment of (issue #21 findings 1, 8). Null for a signed-in driver.
     */
    guestTokenHash: varchar('guest_token_hash', { length: 64 }),
    /**
     * The network address the booking was placed from, as a keyed hash (HMAC with the session secret: equal
     * addresses match, the address itself is not stored). One address keeps only a few unpaid bookings at once
     * (issue #21 finding 2, features/checkout/place-booking.service.ts).
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
    // The operator's queue of cancellation requests (issue #23).
    index('bookings_cancel_request_idx').on(t.supplierId).where(sql`${t.cancelRequest}`),
    // Checkout counts an address's unpaid bookings (issue #21 finding 2): only those still blocking a car, unpaid.
    index('bookings_unpaid_client_idx').on(t.clientKey).where(sql`${t.blocksCar} and ${t.paidAt} is null`),
    // The car search asks which cars are blocked over a period, for every car at a place at once (issue #8): the
    // exclusion constraint's gist index leads with car_id, so a period-only lookup had to walk all of it.
    index('bookings_blocking_period_idx').using('gist', t.period).where(sql`${t.blocksCar}`),
    // The dashboard (issue #24 item 6): today's pick-ups and drop-offs, a period's revenue by pick-up date, and the
    // unpaid holds, each a sequential scan of every booking without these (EXPLAIN on 200k bookings: 70–85 ms each).
    index('bookings_rental_pickup_idx').on(t.pickupAt).where(sql`${t.kind} = 'rental'`),
    index('bookings_rental_dropoff_idx').on(t.dropoffAt).where(sql`${t.kind} = 'rental'`),
    index('bookings_unpaid_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'void' and ${t.blocksCar}`),
    uniqueIndex('bookings_payment_reference_key').on(t.paymentProvider, t.paymentReference),
    uniqueIndex('bookings_reference_key').on(t.reference),
  ],
);

// The tables that keep the business running beside the domain (reminders, notifications, the outbox, limits, the
// audit trail, refunds, set-up links): schema-operations.ts, re-exported so that `db/schema.ts` stays the one import.
export * from './schema-operations.ts';
