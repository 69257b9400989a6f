import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';
import { fileKind, tokenPurpose, userType } from './enums.ts';

// The accounts and their files (uploads: licences, car images, avatars, logos). Money everywhere in the schema:
// integer minor units of BASE_CURRENCY (docs/architecture.md §5). The tables are grouped by module, each importing
// only the groups below it and the shared base (columns.ts, enums.ts); schema.ts re-exports them all.

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
     * delete it or attach it to a booking.
     */
    guestTokenHash: varchar('guest_token_hash', { length: 64 }),
    /**
     * The booking a counter file belongs to (an inspection's photo, a signature, a document): private to its
     * customer and its operators (docs/architecture.md §5 "Files"). No foreign key: a file outlives nothing it names.
     */
    bookingId: uuid('booking_id'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_booking_idx').on(t.bookingId)],
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
    /** Where drivers and Roam reach the supplier; null: the account's e-mail. */
    contactEmail: varchar('contact_email', { length: 320 }),
    /** The seller on the supplier's invoices (docs/decisions/0011-invoices.md); null: `fullName`, no address. */
    legalName: varchar('legal_name', { length: 200 }),
    legalAddress: varchar('legal_address', { length: 500 }),
    vatNumber: varchar('vat_number', { length: 40 }),
    /**
     * Deleted by the admin: personal data erased, the row kept (anonymised) so that the account's bookings
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
    /** What a person's session list shows and ends it by (the token hash never leaves the server). */
    id: uuid('id').notNull().defaultRandom(),
    /** Bumped at most every few minutes (plugins/session.ts), not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: varchar('user_agent', { length: 400 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_id_key').on(t.id),
  ],
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
