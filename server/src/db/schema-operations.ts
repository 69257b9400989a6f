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
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, xid8 } from './columns.ts';
import { operatorRole, outboxStatus, userType } from './enums.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';

/**
 * The reminders sent for a booking: one row per booking and kind, inserted in the transaction that
 * records the reminder's notification and e-mail. Its primary key is the claim: of several server processes running
 * the reminder pass at once, only the one whose insert lands sends it.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** `pickup` (24 hours before) or `dropoff` (on the day). */
    kind: varchar('kind', { length: 10 }).$type<'pickup' | 'dropoff'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Message key and parameters, rendered in the reader's language. */
    kind: varchar('kind', { length: 50 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId, t.isRead),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: varchar('to', { length: 320 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: varchar('reply_to', { length: 320 }),
    /**
     * The booking whose receipt (PDF) and calendar file (.ics) go with the message (the
     * confirmation), rendered when it is sent rather than stored here; a booking deleted meanwhile sends none.
     */
    documentsOf: uuid('documents_of').references(() => bookings.id, { onDelete: 'set null' }),
    /**
     * The booking whose invoices and credit notes (PDF) go with the message (the close of a rental), drawn from their
     * rows when it is sent (docs/decisions/0011-invoices.md).
     */
    invoicesOf: uuid('invoices_of').references(() => bookings.id, { onDelete: 'set null' }),
    /**
     * Stored files sent with the message (the counter's signed agreement, condition report, receipt: docs/architecture.md
     * §5 "After the booking"): read when it is sent, byte for byte what their SHA-256 names.
     */
    attachFileIds: uuid('attach_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a process claimed it (status sending); a claim older than the mailer's limit may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** After a failed attempt: not retried before this time (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: varchar('email', { length: 320 }).notNull().unique(),
  language: varchar('language', { length: 2 }).notNull().default('en'),
  tokenHash: text('token_hash').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters shared by every server process (docs/architecture.md §2 "Scale-out"): one row per limiter key and
 * window, reset in place when its window has passed, swept now and then (src/plugins/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Deleted bookings, written by a trigger (migration 0005) so that the search index can drop them; kept a day. */
export const bookingTombstones = pgTable(
  'booking_tombstones',
  {
    bookingId: uuid('booking_id').notNull(),
    carId: uuid('car_id').notNull(),
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_tombstones_changed_xid_idx').on(t.changedXid)],
);

/**
 * Each change to one car — its row, places, date-based prices, photos or own charge rules —, written by triggers
 * (migration 0047) whoever writes, so that every process's search index reads that car again rather than the whole
 * fleet; kept a day, like the tombstones.
 */
export const fleetChanges = pgTable(
  'fleet_changes',
  {
    carId: uuid('car_id').notNull(),
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fleet_changes_changed_xid_idx').on(t.changedXid)],
);

/**
 * One row: bumped by triggers (migrations 0005, 0047) whenever what the car search shows of the whole fleet changes —
 * locations, a supplier's name, logo, terms or charge rules, a fleet table emptied — in any server process (a change
 * to one car is a `fleet_changes` row instead).
 */
export const fleetVersion = pgTable('fleet_version', {
  id: smallint('id').primaryKey(),
  version: integer('version').notNull(),
});

/** A field's value before and after an operator's change (JSON values; never a secret nor a file's bytes). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Every operator change (docs/architecture.md §5 Accounts): who, when, on what, and the changed fields before and
 * after — written in the transaction of the change. No foreign key on the entity: the trail outlives what it tells of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorType: userType('actor_type').notNull(),
    /** The person's role when they acted, and the business they acted for (null: the platform). */
    actorRole: operatorRole('actor_role'),
    actorBusinessId: uuid('actor_business_id'),
    /** car | carImage | carBlock | supplier | booking */
    entity: varchar('entity', { length: 30 }).notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The car the change concerns (its blocks and images too), so a car's editor lists them all. */
    carId: uuid('car_id'),
    /** The supplier whose fleet or profile changed. */
    supplierId: uuid('supplier_id'),
    action: varchar('action', { length: 30 }).notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_log_car_idx').on(t.carId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_business_idx').on(t.actorBusinessId, t.at),
    index('audit_log_supplier_idx').on(t.supplierId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * One-time links that create the first admin of a database that has none: a new one at each start while
 * no admin exists, valid until used or 24 hours. Only the SHA-256 of the token is kept.
 */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The booking rules the admin has changed at run time, one row per rule; a rule without a row
 * follows the deployment's value. Read on every call that applies them, so every server process sees a change at once.
 */
export const runTimeSettings = pgTable('run_time_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: integer('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The site's identity the admin has set in the console (its name, contact e-mail, default language), one row per
 * setting; a setting without a row follows the environment. Read on every call that uses it, as the booking rules are.
 */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A booking managed without an account, by secrets stored hashed: a `link` e-mailed to the
 * booking's driver, which works once and for a short time, and the `grant` opening it gives the browser (an httpOnly
 * cookie) — a right to that one booking only (read, documents, cancel), never a session.
 */
export const bookingAccess = pgTable(
  'booking_access',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'link' | 'grant'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('booking_access_expires_idx').on(t.expiresAt)],
);
