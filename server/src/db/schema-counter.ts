import type { ChecklistItem, Computation, OneWayFee } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import type { FeeRules } from '@roam/contract/rental-fees';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns.ts';
import {
  bookingDocumentKind,
  chargeKind,
  damageSeverity,
  inspectionKind,
  noShowRule,
  signatureMethod,
} from './enums.ts';
import { files, users } from './schema-accounts.ts';
import { bookings, type StoredAdditionalDriver, type StoredLicence } from './schema-bookings.ts';
import { cars, locations } from './schema-fleet.ts';

// The counter's tables (docs/architecture.md §5 "After the booking"): the inspections at check-out and return, the
// cars' damages, the supplier's counter settings and charge rules (a car's overrides), the charges of a booking and
// the documents it keeps. Money: `booking_charges` in the booking's currency minor units; the rules in EUR minor
// units, like a car's prices.

export type { StoredAdditionalDriver, StoredLicence };
/** An inspection's checklist: the supplier's items then, with their labels, each ticked or not. */
export type StoredChecklist = { id: string; labels: Record<Language, string>; checked: boolean }[];

/** The car handed over (`check_out`) or taken back (`return`): one of each per booking. */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: inspectionKind('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    odometer: integer('odometer').notNull(),
    /** 0–8, or null for an electric car read in battery %. */
    fuelEighths: smallint('fuel_eighths'),
    batteryPercent: smallint('battery_percent'),
    checklist: jsonb('checklist').$type<StoredChecklist>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    /** Check-out: the licence as checked (the counter's, or the online check-in's). */
    licenseNumber: varchar('license_number', { length: 40 }),
    licenseCountry: varchar('license_country', { length: 2 }),
    licenseExpiresOn: date('license_expires_on', { mode: 'string' }),
    birthDate: date('birth_date', { mode: 'string' }),
    additionalDrivers: jsonb('additional_drivers').$type<StoredAdditionalDriver[]>().notNull().default([]),
    /** Return: the car needs cleaning (the cleaning fee). */
    cleaning: boolean('cleaning').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inspections_booking_kind_key').on(t.bookingId, t.kind)],
);

/** A damage of a car, at a position of its body's diagram; open until repaired. */
export const damages = pgTable(
  'damages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    zone: varchar('zone', { length: 40 }).notNull(),
    severity: damageSeverity('severity').notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    photoFileIds: uuid('photo_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    repairedAt: timestamp('repaired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('damages_open_car_idx').on(t.carId).where(sql`${t.repairedAt} is null`)],
);

/** A supplier's counter settings; a supplier without a row has the contract's defaults. */
export const counterSettings = pgTable('counter_settings', {
  supplierId: uuid('supplier_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default([]),
  terms: jsonb('terms').$type<Record<Language, string>>().notNull(),
  earlyCheckOutHours: smallint('early_check_out_hours').notNull(),
  noShowGraceMinutes: integer('no_show_grace_minutes').notNull(),
  noShowRule: noShowRule('no_show_rule').notNull(),
  noShowFee: money('no_show_fee').notNull(),
  updatedAt: updatedAt(),
});

/** A supplier's charge rules (EUR minor units); a supplier without a row has the contract's defaults. */
export const chargeRules = pgTable('charge_rules', {
  supplierId: uuid('supplier_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fuelPricePerLitre: money('fuel_price_per_litre').notNull(),
  refuellingFee: money('refuelling_fee').notNull(),
  defaultTankLitres: smallint('default_tank_litres').notNull(),
  batteryPricePerPercent: money('battery_price_per_percent').notNull(),
  pricePerExtraKm: money('price_per_extra_km').notNull(),
  lateGraceMinutes: integer('late_grace_minutes').notNull(),
  latePricePerHour: money('late_price_per_hour').notNull(),
  cleaningFee: money('cleaning_fee').notNull(),
  oneWayFee: money('one_way_fee'),
  oneWayFees: jsonb('one_way_fees').$type<OneWayFee[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/**
 * A supplier's fees by rule (contract rental-fees.ts: driver age bands, one-way refused, pairs of countries), one
 * document; a supplier without a row charges none.
 */
export const feeRules = pgTable('fee_rules', {
  supplierId: uuid('supplier_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<FeeRules>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A car's readings at the counter: its tank, its last odometer reading (kept by every check-out and return) and the
 * reading at its last service. Not on `cars`: a change to `cars` tells the car search's index that the fleet changed
 * (migration 0005), and a check-out is not a change to what a search shows.
 */
export const carReadings = pgTable('car_readings', {
  carId: uuid('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  /** Litres; null: the supplier's default tank. */
  tankLitres: smallint('tank_litres'),
  odometer: integer('odometer'),
  serviceOdometer: integer('service_odometer'),
  updatedAt: updatedAt(),
});

/** A car's overrides of its supplier's charge rules; null follows the supplier. */
export const carChargeRules = pgTable('car_charge_rules', {
  carId: uuid('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  fuelPricePerLitre: money('fuel_price_per_litre'),
  refuellingFee: money('refuelling_fee'),
  batteryPricePerPercent: money('battery_price_per_percent'),
  pricePerExtraKm: money('price_per_extra_km'),
  lateGraceMinutes: integer('late_grace_minutes'),
  latePricePerHour: money('late_price_per_hour'),
  cleaningFee: money('cleaning_fee'),
  oneWayFee: money('one_way_fee'),
  updatedAt: updatedAt(),
});

/** A charge of a booking (at return, or later: tolls, fines), in its currency; waived, never deleted. */
export const bookingCharges = pgTable(
  'booking_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: chargeKind('kind').notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    computation: jsonb('computation').$type<Computation>().notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waiveReason: varchar('waive_reason', { length: 500 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('booking_charges_booking_idx').on(t.bookingId)],
);

/** A booking's documents: a signed one is never changed, a correction is the next version. */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: bookingDocumentKind('kind').notNull(),
    version: integer('version').notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** SHA-256 (hex) of the PDF's bytes. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerName: varchar('signer_name', { length: 200 }),
    signatureMethod: signatureMethod('signature_method'),
    signatureFileId: uuid('signature_file_id').references(() => files.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_documents_version_key').on(t.bookingId, t.kind, t.version)],
);
