import type { PaymentProvider } from '@roam/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';

// Refunds (issue #23): one row per booking, written before the gateway is asked.

export type RefundRow = typeof refunds.$inferSelect;

/** The booking's refund: the one recorded before, or this one, recorded now. */
export async function recordRefund(
  db: DbOrTx,
  refund: { bookingId: string; provider: PaymentProvider; amount: number; currency: string },
): Promise<RefundRow> {
  await db.insert(refunds).values(refund).onConflictDoNothing({ target: refunds.bookingId });
  const [row] = await db.select().from(refunds).where(eq(refunds.bookingId, refund.bookingId));
  return row!;
}

export async function markRefunded(db: DbOrTx, bookingId: string, reference: string) {
  await db
    .update(refunds)
    .set({ status: 'succeeded', providerReference: reference, refundedAt: new Date() })
    .where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, 'pending')));
}

export async function findRefund(db: DbOrTx, bookingId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  return row ?? null;
}
