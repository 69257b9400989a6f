import type { OpeningHours } from '@roam/contract/opening-hours';
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
import { createdAt, money, updatedAt } from './columns.ts';
import { carRange, fuelPolicy, fuelType, gearbox } from './enums.ts';
import { files, users } from './schema-accounts.ts';

// The places and the fleet: countries, locations, cars, where each car is offered and its date-based prices.

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
    /** The rental desk's street address, shown on a booking's confirmation; null: none known. */
    address: varchar('address', { length: 300 }),
    /** The place's own opening hours (contract opening-hours.ts); null: the booking rules' site-wide hours. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
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
    /** Upper case, unique among the supplier's cars; null when not given. */
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
     * Deleted by its operator: out of the fleet (no places, not bookable, not listed), kept so that the
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
    // The desk's search by plate reads the live cars' plates from memory and the deleted cars' here: a few rows.
    index('cars_deleted_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
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

/**
 * A car's photos, in their operator's order (`position`, 0 first), each stored at the sizes the screens show
 * (docs/architecture.md "Files"): `file_id` within 600×400 (the cards at 2×; the first photo's is `cars.image_file_id`,
 * which the spec's calls answer as the car's `image`), `small_file_id` within 300×200 and `large_file_id` within
 * 1200×800 (the checkout's gallery) when the upload was larger than the size below; `*_width` the stored widths, for
 * `srcset` (null: a photo from before the sizes, kept as it was).
 */
export const carPhotos = pgTable(
  'car_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    width: smallint('width'),
    smallFileId: uuid('small_file_id').references(() => files.id, { onDelete: 'set null' }),
    smallWidth: smallint('small_width'),
    largeFileId: uuid('large_file_id').references(() => files.id, { onDelete: 'set null' }),
    largeWidth: smallint('large_width'),
    createdAt: createdAt(),
  },
  (t) => [index('car_photos_car_idx').on(t.carId, t.position)],
);
