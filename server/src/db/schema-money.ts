import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import {
  amendmentStatus,
  counterMethod,
  ledgerProvider,
  paymentKind,
  paymentProvider,
  paymentPurpose,
  paymentStatus,
  refundStatus,
} from './enums.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';

// The money of the bookings: the changes waiting for their difference, the ledger of money in (`payments`) and the
// refunds (money out), docs/architecture.md §5 "Money rules".

/**
 * A dearer change of a booking paid online, waiting for its difference to be paid through the
 * booking's gateway: the booking keeps its terms until the payment is confirmed, then the planned values are applied
 * once (pending → applied), or, when the new period was taken meanwhile, the payment is refunded (→ refunded).
 */
export const bookingAmendments = pgTable(
  'booking_amendments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The booking's values after the change (dates as ISO strings), as planned when it was confirmed. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** The booking's total when the change was planned: a booking changed meanwhile is not changed by this one. */
    basisTotal: integer('basis_total').notNull(),
    /** The difference to pay, minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    provider: paymentProvider('provider').notNull(),
    /** The card session or wallet order of the difference (demo: none until paid). */
    paymentReference: varchar('payment_reference', { length: 255 }),
    status: amendmentStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('booking_amendments_booking_idx').on(t.bookingId)],
);

/**
 * The money ledger (docs/decisions/0009-the-money-ledger.md; contract ledger.ts): one row per movement of money IN —
 * a `charge` taken online at once, an `authorization` held on the card, a `capture` taken from one (`parentId`), a
 * `counter` payment recorded at the desk (`method`, `recordedBy`). Money out is `refunds`, each pointing at the
 * payment it gives back. What a booking paid, holds and owes is computed from these rows by one function
 * (contract `bookingBalance`), never stored beside them.
 *
 * Rules every writer keeps (features/ledger/): a row is written in a transaction that holds the booking's row lock
 * (`lockBooking`), so a settlement decided on the locked row sees every payment; each row has an idempotency key
 * (unique), so a retried confirmation records nothing twice; amounts are minor units of the booking's currency.
 * A booking with a ledger row is never deleted (the foreign key refuses it): it is cancelled.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id),
    /** The dearer change (or the balance payment) this paid for; null for the booking's own payment. */
    amendmentId: uuid('amendment_id').references(() => bookingAmendments.id, { onDelete: 'set null' }),
    kind: paymentKind('kind').notNull(),
    /** A capture's authorization. */
    parentId: uuid('parent_id').references((): AnyPgColumn => payments.id),
    purpose: paymentPurpose('purpose').notNull(),
    provider: ledgerProvider('provider').notNull(),
    /** The gateway's session, order, payment intent or capture; null at the counter. */
    providerReference: varchar('provider_reference', { length: 255 }),
    /** A counter payment's method and the operator who recorded it. */
    method: counterMethod('method'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    /** Minor units of `currency` (the booking's). */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: paymentStatus('status').notNull(),
    /** Of an authorization released (partly, after a capture): the part given back. */
    releasedAmount: integer('released_amount').notNull().default(0),
    /** When an authorization lapses. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When it succeeded, failed, or was released. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The booking's pick-up place's time zone when the payment was written (set by the database, whoever writes: the
     * migration that added it): the statement dates the money on that clock without reading the booking.
     */
    timeZone: varchar('time_zone', { length: 64 }),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    // A month's money, a supplier's or everyone's (the statement: features/statements/statements.repository.ts).
    index('payments_supplier_at_idx').on(t.supplierId, sql`coalesce(${t.settledAt}, ${t.createdAt})`),
    index('payments_at_idx').on(sql`coalesce(${t.settledAt}, ${t.createdAt})`),
    // A gateway's reference, read by the reconciliation (which references the ledger knows) and by the card
    // provider's webhooks (a hold it ended); the desk's rows have none (docs/decisions/0015-reconciliation.md).
    index('payments_provider_reference_idx').on(t.providerReference).where(sql`${t.providerReference} is not null`),
    // The dashboard's deposits lapsing before the car is back: the open holds by expiry, not every payment read.
    index('payments_open_holds_idx')
      .on(t.expiresAt)
      .where(sql`${t.kind} = 'authorization' and ${t.status} = 'succeeded'`),
    check('payments_amount_positive', sql`${t.amount} > 0 and ${t.releasedAmount} >= 0`),
    check('payments_capture_parent', sql`(${t.kind} = 'capture') = (${t.parentId} is not null)`),
    // A desk's payment has a method; so has a deposit held at the desk in cash (an `authorization` of provider
    // `counter`) and what is captured from it (docs/decisions/0012-deposit-holds.md).
    check(
      'payments_counter_method',
      sql`(${t.provider} = 'counter') = (${t.method} is not null) and (${t.kind} <> 'counter' or ${t.provider} = 'counter')`,
    ),
  ],
);

/**
 * Refunds of an online payment (cancellation queue; a change's difference, so several per
 * booking), each recorded before the gateway is asked (so a retried call reuses it and its idempotency key), then
 * marked succeeded with the gateway's reference.
 * For the demo gateway this row is the refund itself.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /**
     * The refund's idempotency key, also the one the gateway is asked under: a booking may be
     * refunded more than once — a change's difference, then its cancellation — and a retried call reuses its row.
     */
    key: varchar('key', { length: 100 }).notNull().unique(),
    /** The gateway that gave it back, or `counter`: handed back at the desk (its `method` and the operator). */
    provider: ledgerProvider('provider').notNull(),
    /** A refund at the counter: how it was handed back (cash, card terminal) and by whom. */
    method: counterMethod('method'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units of `currency`: what goes back to the payer. */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: refundStatus('status').notNull().default('pending'),
    providerReference: varchar('provider_reference', { length: 255 }),
    /**
     * The payment refunded: a booking paid more than once — its checkout, then a dearer change's
     * difference — is refunded from each payment at most what that payment took. Null: the booking's own payment.
     */
    paymentReference: varchar('payment_reference', { length: 255 }),
    /**
     * The ledger's payment it gives back: never more from a payment than it took. Set on every
     * refund; those made before the ledger were matched to their payment by its reference (migration 0025).
     */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The booking's supplier and pick-up place's time zone when the refund was written (set by the database, whoever
     * writes: the migration that added them): the statement reads a supplier's month of refunds by its index and
     * dates each on that clock without reading the booking.
     */
    supplierId: uuid('supplier_id').references(() => users.id),
    timeZone: varchar('time_zone', { length: 64 }),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_at_idx').on(sql`coalesce(${t.refundedAt}, ${t.createdAt})`),
    // A gateway's refund, read by the reconciliation (docs/decisions/0015-reconciliation.md).
    index('refunds_provider_reference_idx').on(t.providerReference).where(sql`${t.providerReference} is not null`),
    index('refunds_supplier_at_idx').on(t.supplierId, sql`coalesce(${t.refundedAt}, ${t.createdAt})`),
    check('refunds_counter_method', sql`(${t.provider} = 'counter') = (${t.method} is not null)`),
  ],
);

/** When a payment took or gave its money (its settlement; its creation until then): the instant a statement dates. */
export const paidAt = sql`coalesce(${payments.settledAt}, ${payments.createdAt})`;
/** When a refund gave the money back (its creation until then). */
export const refundedAt = sql`coalesce(${refunds.refundedAt}, ${refunds.createdAt})`;
