import type { PaymentProvider } from '@roam/contract/bookings';
import type { CounterMethod } from '@roam/contract/ledger';
import { and, eq, like, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refunds } from '#server/db/schema.ts';

// Refunds (#25 item 2): one row per refund, under its idempotency key, written before the gateway is asked.

export type RefundRow = typeof refunds.$inferSelect;

/** The refund under `key`: the one recorded before, or this one, recorded now. */
export async function recordRefund(
  db: DbOrTx,
  refund: {
    key: string;
    bookingId: string;
    provider: PaymentProvider;
    amount: number;
    currency: string;
    paymentReference: string | null;
    paymentId: string;
  },
): Promise<RefundRow> {
  await db.insert(refunds).values(refund).onConflictDoNothing({ target: refunds.key });
  const [row] = await db.select().from(refunds).where(eq(refunds.key, refund.key));
  return row!;
}

/** A refund handed back at the desk (provider `counter`), under `key`: the one recorded before, or this one, now. */
export async function recordCounterRefund(
  db: DbOrTx,
  refund: {
    key: string;
    bookingId: string;
    amount: number;
    currency: string;
    paymentId: string;
    method: CounterMethod;
    recordedBy: string;
  },
): Promise<RefundRow> {
  await db
    .insert(refunds)
    .values({ ...refund, provider: 'counter' })
    .onConflictDoNothing({ target: refunds.key });
  const [row] = await db.select().from(refunds).where(eq(refunds.key, refund.key));
  return row!;
}

export async function markRefunded(db: DbOrTx, key: string, reference: string) {
  await db
    .update(refunds)
    .set({ status: 'succeeded', providerReference: reference, refundedAt: new Date() })
    .where(and(eq(refunds.key, key), eq(refunds.status, 'pending')));
}

export async function findRefund(db: DbOrTx, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.key, key));
  return row ?? null;
}

/** The refunds of a booking under `key` and the keys of its parts (`key`-…): a refund split across payments. */
export async function refundsUnder(db: DbOrTx, bookingId: string, key: string) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), or(eq(refunds.key, key), like(refunds.key, `${key}-%`))));
}
