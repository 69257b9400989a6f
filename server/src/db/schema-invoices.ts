import type { InvoiceLine, InvoiceParty } from '@roam/contract/invoices';
import type { Language } from '@roam/contract/languages';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { invoiceKind } from './enums.ts';
import { users } from './schema-accounts.ts';
import { bookings } from './schema-bookings.ts';
import { payments, refunds } from './schema-money.ts';

// Invoices and credit notes (docs/decisions/0011-invoices.md): issued by the supplier for its bookings' payments,
// numbered from `invoice_sequences` in the transaction of the ledger row that causes them, never updated nor deleted
// (a trigger of migration 0028 refuses both).

/**
 * The last number given per supplier, series and year. The number of a document is taken by incrementing this row
 * (an upsert: the row is locked until the transaction ends), in the transaction that records the payment or the
 * refund: a rolled-back payment gives its number back, and concurrent payments wait for each other — no gap, no
 * duplicate.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id),
    kind: invoiceKind('kind').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.kind, t.year] })],
);

/**
 * An invoice (one per settled payment: `paymentId`) or a credit note (one per refund of an invoiced payment:
 * `refundId`, or a waived charge: `key`), with everything it states copied in: the seller and the buyer as they were,
 * the lines with their VAT, the totals (the lines' sums), the currency and the language its PDF is drawn in.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: invoiceKind('kind').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** What caused it, once: a payment's invoice, a refund's credit note, or another credit's own key. */
    key: varchar('key', { length: 120 }).notNull().unique(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: varchar('number', { length: 40 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The rental place's time zone: the issue date is the day of `issuedAt` there. */
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_number_key').on(t.supplierId, t.kind, t.year, t.sequence),
    index('invoices_booking_idx').on(t.bookingId),
    index('invoices_supplier_issued_idx').on(t.supplierId, t.issuedAt),
    check('invoices_totals', sql`${t.net} + ${t.vat} = ${t.gross} and ${t.gross} > 0`),
    check('invoices_credit_names_invoice', sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`),
  ],
);
