import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, invoices, locations, payments, refunds, users } from '#server/db/schema.ts';

// The only Drizzle code of the statements (docs/decisions/0011-invoices.md, "Statements"): a month's documents and
// money of a supplier (or of every supplier), each dated on its rental place's clock — a document by the time zone
// it was issued in, a payment or a refund by its booking's pick-up place — so the month of a row is the month its
// document says.

const driver = alias(users, 'statement_driver');
const invoicePayment = alias(payments, 'statement_invoice_payment');

const inMonth = (instant: SQL | unknown, timeZone: SQL | unknown, month: string) =>
  sql`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM') = ${month}`;
const localDay = (instant: SQL | unknown, timeZone: SQL | unknown) =>
  sql<string>`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD')`;
const ofSupplier = (column: typeof invoices.supplierId | typeof payments.supplierId, supplierId: string | null) =>
  supplierId === null ? undefined : eq(column, supplierId);

/**
 * A member limited to branches reads the bookings picked up or returned there, as the desk's list does
 * (docs/decisions/0010-members-of-a-business.md); none: every booking of the scope.
 */
const atBranches = (branchIds: readonly string[]) =>
  branchIds.length === 0
    ? undefined
    : or(inArray(bookings.pickupLocationId, [...branchIds]), inArray(bookings.dropoffLocationId, [...branchIds]));

/** The month's invoices and credit notes, with what paid the invoice (or what the credit note refunded). */
export function documentsOfMonth(
  db: DbOrTx,
  month: string,
  supplierId: string | null,
  branchIds: readonly string[] = [],
) {
  return db
    .select({
      invoice: invoices,
      date: localDay(invoices.issuedAt, invoices.timeZone),
      priceChangeRate: sql<number>`coalesce((${bookings.terms}->>'priceChangeRate')::numeric, 0)::float8`,
      payment: {
        provider: invoicePayment.provider,
        method: invoicePayment.method,
        reference: invoicePayment.providerReference,
      },
      refund: { provider: refunds.provider, reference: refunds.providerReference },
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .leftJoin(invoicePayment, eq(invoicePayment.id, invoices.paymentId))
    .leftJoin(refunds, eq(refunds.id, invoices.refundId))
    .where(
      and(
        ofSupplier(invoices.supplierId, supplierId),
        atBranches(branchIds),
        inMonth(invoices.issuedAt, invoices.timeZone, month),
      ),
    );
}

const counterpart = sql<string>`coalesce(${bookings.deskCustomer}->>'fullName', ${driver.fullName})`;

/** The month's money taken towards bookings and holds (an authorization is no money taken: the deposits read it). */
export function paymentsOfMonth(
  db: DbOrTx,
  month: string,
  supplierId: string | null,
  branchIds: readonly string[] = [],
) {
  const at = sql`coalesce(${payments.settledAt}, ${payments.createdAt})`;
  return db
    .select({
      payment: payments,
      date: localDay(at, locations.timeZone),
      counterpart,
      parentPurpose: sql<string | null>`(select p.purpose from payments p where p.id = ${payments.parentId})`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
    .where(
      and(
        ofSupplier(payments.supplierId, supplierId),
        atBranches(branchIds),
        inArray(payments.status, ['succeeded', 'released']),
        inMonth(at, locations.timeZone, month),
      ),
    );
}

/** The month's refunds made (money given back). */
export function refundsOfMonth(
  db: DbOrTx,
  month: string,
  supplierId: string | null,
  branchIds: readonly string[] = [],
) {
  const at = sql`coalesce(${refunds.refundedAt}, ${refunds.createdAt})`;
  return db
    .select({ refund: refunds, date: localDay(at, locations.timeZone), counterpart })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
    .where(
      and(
        supplierId === null ? undefined : eq(bookings.supplierId, supplierId),
        atBranches(branchIds),
        eq(refunds.status, 'succeeded'),
        inMonth(at, locations.timeZone, month),
      ),
    );
}

/** The supplier's name as its invoices state it: its legal name, else its account's. */
export async function supplierName(db: DbOrTx, supplierId: string) {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${users.legalName}, ${users.fullName})` })
    .from(users)
    .where(eq(users.id, supplierId));
  return row?.name ?? null;
}
