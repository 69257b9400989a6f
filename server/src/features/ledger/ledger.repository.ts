import type { LedgerPayment, LedgerRefund } from '@roam/contract/ledger';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookingAmendments, bookingCharges, payments, refunds } from '#server/db/schema.ts';

// The only Drizzle code of the ledger (docs/decisions/0009-the-money-ledger.md): payments in, and the refunds that
// point at them, read for the balance (contract `bookingBalance`) and for a refund split across the payments.

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The payment under its idempotency key: the one recorded before (a retried confirmation), or this one, now. */
export async function recordPayment(db: DbOrTx, payment: NewPayment): Promise<PaymentRow> {
  await db.insert(payments).values(payment).onConflictDoNothing({ target: payments.idempotencyKey });
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, payment.idempotencyKey));
  return row!;
}

const ledgerPayment = {
  id: payments.id,
  kind: payments.kind,
  purpose: payments.purpose,
  provider: payments.provider,
  status: payments.status,
  amount: payments.amount,
  releasedAmount: payments.releasedAmount,
  parentId: payments.parentId,
};

/** The payments of these bookings, whole rows, oldest first. */
export function paymentsOfBookings(db: DbOrTx, bookingIds: readonly string[]): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, [...bookingIds]))
    .orderBy(payments.createdAt);
}

/** A booking's ledger as the balance reads it. */
export async function ledgerOf(db: DbOrTx, bookingId: string) {
  const [paid, refunded] = await readTogether(db, [
    () => db.select(ledgerPayment).from(payments).where(eq(payments.bookingId, bookingId)),
    () =>
      db
        .select({ paymentId: refunds.paymentId, status: refunds.status, amount: refunds.amount })
        .from(refunds)
        .where(eq(refunds.bookingId, bookingId)),
  ]);
  return { payments: paid as LedgerPayment[], refunds: refunded as LedgerRefund[] };
}

/**
 * A booking's ledger as one JSON column of a query that reads bookings (`bookingId`: its id column), so that a page
 * of bookings reads each one's balance in the same query (three index lookups per row). `charges`: the counter's
 * charges not waived (the return's, later ones, a no-show's fee), which the balance adds to what is due.
 */
export function ledgerColumn(
  bookingId: AnyPgColumn,
): SQL<{ payments: LedgerPayment[]; refunds: LedgerRefund[]; charges: number }> {
  return sql`json_build_object(
    'payments', coalesce((select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'purpose', p.purpose,
      'provider', p.provider, 'status', p.status, 'amount', p.amount, 'releasedAmount', p.released_amount,
      'parentId', p.parent_id)) from ${payments} p where p.booking_id = ${bookingId}), '[]'::json),
    'refunds', coalesce((select json_agg(json_build_object('paymentId', r.payment_id, 'status', r.status,
      'amount', r.amount)) from ${refunds} r where r.booking_id = ${bookingId}), '[]'::json),
    'charges', (select coalesce(sum(c.amount), 0)::integer from ${bookingCharges} c
      where c.booking_id = ${bookingId} and c.waived_at is null))`;
}

/** Whether money was taken or held for any of the bookings (their ledger has a row that succeeded or was released). */
export async function tookMoney(db: DbOrTx, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ bookingId: payments.bookingId })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), inArray(payments.status, ['succeeded', 'released'])));
  return rows.map((row) => row.bookingId);
}

/**
 * The booking's online payments a refund can come from — charges and captures through a gateway that succeeded, of
 * the purposes asked — the changes' newest first, then the booking's own, each with what was refunded from it by refunds not under `key` (a retried
 * refund under `key` finds its own parts again and makes none twice).
 */
export async function refundablePayments(
  db: DbOrTx,
  bookingId: string,
  key: string,
  { withDeposit }: { withDeposit: boolean },
) {
  const refunded = sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.payment_id = ${payments.id}
    and r.key <> ${key} and r.key not like ${`${key}-%`}), 0)::integer`;
  return (
    db
      .select({ payment: payments, refunded })
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.status, 'succeeded'),
          inArray(payments.kind, ['charge', 'capture']),
          ne(payments.provider, 'counter'),
          withDeposit ? undefined : ne(payments.purpose, 'deposit'),
        ),
      )
      // The changes' differences first (the latest first), the booking's own payment last.
      .orderBy(sql`${payments.amendmentId} is null`, desc(payments.createdAt), desc(payments.id))
  );
}

/** The payments a booking took: charges, captures and counter payments that succeeded. */
const takenFor = (bookingId: string) =>
  and(
    eq(payments.bookingId, bookingId),
    eq(payments.status, 'succeeded'),
    inArray(payments.kind, ['charge', 'capture', 'counter']),
  );

/**
 * A booking's money in and out as a receipt lists it: the payments taken (charges, captures, counter payments, the
 * security deposit included) with their method, and the refunds that succeeded, oldest first.
 */
export async function movementsOf(db: DbOrTx, bookingId: string) {
  const [taken, givenBack] = await readTogether(db, [
    () =>
      db
        .select({
          kind: payments.kind,
          purpose: payments.purpose,
          provider: payments.provider,
          method: payments.method,
          amount: payments.amount,
          at: payments.createdAt,
        })
        .from(payments)
        .where(takenFor(bookingId))
        .orderBy(payments.createdAt, payments.id),
    () =>
      db
        .select({ provider: refunds.provider, amount: refunds.amount, at: refunds.createdAt })
        .from(refunds)
        .where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, 'succeeded')))
        .orderBy(refunds.createdAt, refunds.id),
  ]);
  return { payments: taken, refunds: givenBack };
}

/** The payment recorded under `key`, or null. */
export async function paymentUnder(db: DbOrTx, key: string) {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, key));
  return row ?? null;
}

/**
 * A booking's ledger rows as its operators read them (the bookings desk): every payment taken — online or at the
 * desk, with its method and the gateway's reference, and whether the change it paid was refunded — and every refund,
 * made or being made, with its provider (`counter`: handed back at the desk) and method; oldest first.
 */
export async function ledgerRowsOf(db: DbOrTx, bookingId: string) {
  const [taken, givenBack] = await readTogether(db, [
    () =>
      db
        .select({
          purpose: payments.purpose,
          provider: payments.provider,
          method: payments.method,
          reference: payments.providerReference,
          amount: payments.amount,
          currency: payments.currency,
          at: payments.createdAt,
          settledAt: payments.settledAt,
          changeStatus: bookingAmendments.status,
        })
        .from(payments)
        .leftJoin(bookingAmendments, eq(bookingAmendments.id, payments.amendmentId))
        .where(takenFor(bookingId))
        .orderBy(payments.createdAt, payments.id),
    () => db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(refunds.createdAt, refunds.key),
  ]);
  return { payments: taken, refunds: givenBack };
}

/**
 * The booking's payments taken at the desk (newest first), each with what was given back of it: what a refund at the
 * desk may hand back, each at most what it took.
 */
export async function counterPaymentsOf(db: DbOrTx, bookingId: string) {
  const refunded = sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.payment_id = ${payments.id}
    and r.status = 'succeeded'), 0)::integer`;
  return db
    .select({ payment: payments, refunded })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'succeeded'),
        eq(payments.provider, 'counter'),
        ne(payments.purpose, 'deposit'),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
}
