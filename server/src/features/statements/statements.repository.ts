import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, invoices, locations, paidAt, payments, refundedAt, refunds, users } from '#server/db/schema.ts';

// The only Drizzle code of the statements (docs/decisions/0011-invoices.md, "Statements"): a month's documents and
// money of a supplier (or of every supplier), each dated on its rental place's clock — a document by the time zone
// it was issued in, a payment or a refund by its booking's pick-up place — so the month of a row is the month its
// document says.

const driver = alias(users, 'statement_driver');
const invoicePayment = alias(payments, 'statement_invoice_payment');

/**
 * The rows dated in `month` on their own clock. Every clock's month lies within a day of UTC's, so the instant is also
 * bounded by those UTC instants: the bound is what an index reads (payments_supplier_at_idx, payments_at_idx,
 * refunds_at_idx, invoices_supplier_issued_idx, migration 0036); the local month, tested on those rows only, decides.
 */
function inMonth(instant: SQL | typeof invoices.issuedAt, timeZone: SQL | unknown, month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const day = 24 * 3600_000;
  const from = new Date(Date.UTC(year, number - 1, 1) - day).toISOString();
  const to = new Date(Date.UTC(year, number, 1) + day).toISOString();
  return and(
    sql`${instant} >= ${from}::timestamptz`,
    sql`${instant} < ${to}::timestamptz`,
    sql`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM') = ${month}`,
  );
}
/**
 * The booking's pick-up place's time zone, read per row: a join to `locations` let the planner pair every place with
 * every payment before the bookings (a supplier's month at 10x: 522k pairs, 14.8 s), the row's own look-up cannot.
 */
const pickupZone = sql`(select ${locations.timeZone} from ${locations} where ${locations.id} = ${bookings.pickupLocationId})`;
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
  const at = paidAt;
  return db
    .select({
      payment: payments,
      date: localDay(at, pickupZone),
      counterpart,
      parentPurpose: sql<string | null>`(select p.purpose from payments p where p.id = ${payments.parentId})`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .where(
      and(
        ofSupplier(payments.supplierId, supplierId),
        atBranches(branchIds),
        inArray(payments.status, ['succeeded', 'released']),
        inMonth(at, pickupZone, month),
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
  const at = refundedAt;
  return db
    .select({ refund: refunds, date: localDay(at, pickupZone), counterpart })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .where(
      and(
        supplierId === null ? undefined : eq(bookings.supplierId, supplierId),
        atBranches(branchIds),
        eq(refunds.status, 'succeeded'),
        inMonth(at, pickupZone, month),
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
