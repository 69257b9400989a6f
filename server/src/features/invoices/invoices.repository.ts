import type { InvoiceKind, InvoiceParty } from '@roam/contract/invoices';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import {
  bookingCharges,
  bookings,
  countries,
  invoiceSequences,
  invoices,
  locations,
  payments,
  refunds,
  users,
} from '#server/db/schema.ts';

// The only Drizzle code of the invoices (docs/decisions/0011-invoices.md). Nothing here updates or deletes an
// invoice: there is no such path, and the database refuses one (migration 0028's trigger).

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * The next number of `kind` for the supplier and year: the sequence row is created at 1 or incremented, and stays
 * locked by this transaction until it ends — a concurrent payment waits, then takes the next; a rollback gives the
 * number back. Never max()+1.
 */
export async function nextSequence(tx: DbOrTx, supplierId: string, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ supplierId, kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceSequences.supplierId, invoiceSequences.kind, invoiceSequences.year],
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: DbOrTx, invoice: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  return row!;
}

export async function findByKey(db: DbOrTx, key: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.key, key));
  return row ?? null;
}

export async function findInvoiceOfPayment(db: DbOrTx, paymentId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return row ?? null;
}

export async function findInvoice(db: DbOrTx, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** The booking's invoices and credit notes, in the order they were issued. */
export function invoicesOfBooking(db: DbOrTx, bookingId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.sequence));
}

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');

/** What an invoice of the booking states, read in the transaction of the payment that causes it. */
export async function invoiceFacts(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      booking: bookings,
      buyerName: sql<string>`coalesce(${bookings.deskCustomer}->>'fullName', ${driver.fullName})`,
      language: driver.language,
      seller: {
        fullName: supplier.fullName,
        legalName: supplier.legalName,
        legalAddress: supplier.legalAddress,
        vatNumber: supplier.vatNumber,
      },
      pickup: { timeZone: locations.timeZone, countryCode: countries.code },
    })
    .from(bookings)
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}
export type InvoiceFacts = NonNullable<Awaited<ReturnType<typeof invoiceFacts>>>;

/** The booking's charges not waived (the counter's, at return or later), in the order they were added. */
export function openCharges(db: DbOrTx, bookingId: string) {
  return db
    .select({ kind: bookingCharges.kind, amount: bookingCharges.amount, vatRate: bookingCharges.vatRate })
    .from(bookingCharges)
    .where(and(eq(bookingCharges.bookingId, bookingId), isNull(bookingCharges.waivedAt)))
    .orderBy(asc(bookingCharges.createdAt), asc(bookingCharges.id));
}

/** The booking's parties, to decide who may name its buyer. */
export async function bookingParties(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ driverId: bookings.driverId, supplierId: bookings.supplierId, buyer: bookings.invoiceBuyer })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** The buyer on the booking's invoices issued from now on; null: its driver. */
export async function setInvoiceBuyer(db: DbOrTx, bookingId: string, buyer: InvoiceParty | null) {
  await db.update(bookings).set({ invoiceBuyer: buyer }).where(eq(bookings.id, bookingId));
}

/**
 * What the booking's documents state (its invoices less its credit notes) and what the payments they invoice kept
 * (less their refunds made): the two agree until a waived charge's credit note corrects the invoices before its money
 * is given back (docs/decisions/0011-invoices.md, "Waived charges").
 */
export async function creditState(db: DbOrTx, bookingId: string) {
  const [stated] = await db
    .select({
      net: sql<number>`coalesce(sum(case when ${invoices.kind} = 'invoice' then ${invoices.gross} else -${invoices.gross} end), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId));
  const invoiced = and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice'));
  const [taken] = await db
    .select({ amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.paymentId, payments.id), invoiced));
  const [given] = await db
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .innerJoin(invoices, and(eq(invoices.paymentId, refunds.paymentId), invoiced))
    .where(eq(refunds.status, 'succeeded'));
  return { stated: stated?.net ?? 0, kept: (taken?.amount ?? 0) - (given?.amount ?? 0) };
}

/** The booking's invoices, each with what its credit notes took off it, newest first. */
export async function invoicesWithCredits(db: DbOrTx, bookingId: string) {
  const rows = await invoicesOfBooking(db, bookingId);
  return rows
    .filter((row) => row.kind === 'invoice')
    .reverse()
    .map((invoice) => ({
      invoice,
      credited: rows.filter((row) => row.invoiceId === invoice.id).reduce((sum, row) => sum + row.gross, 0),
    }));
}
