import type { PaymentProvider } from '@roam/contract/bookings';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingAmendments } from '#server/db/schema.ts';

// Dearer changes waiting for their difference to be paid: amendment-payments.service.ts.

export type AmendmentRow = typeof bookingAmendments.$inferSelect;

export async function insertAmendment(db: DbOrTx, values: typeof bookingAmendments.$inferInsert) {
  const [row] = await db.insert(bookingAmendments).values(values).returning();
  return row!;
}

export async function findAmendment(db: DbOrTx, id: string): Promise<AmendmentRow | null> {
  const [row] = await db.select().from(bookingAmendments).where(eq(bookingAmendments.id, id));
  return row ?? null;
}

/** Locks the amendment for the rest of the transaction: a check call and a webhook at once settle it once. */
export async function lockAmendment(tx: DbOrTx, id: string): Promise<AmendmentRow | null> {
  const [row] = await tx.select().from(bookingAmendments).where(eq(bookingAmendments.id, id)).for('update');
  return row ?? null;
}

export async function findAmendmentByReference(db: DbOrTx, provider: PaymentProvider, reference: string) {
  const [row] = await db
    .select()
    .from(bookingAmendments)
    .where(and(eq(bookingAmendments.provider, provider), eq(bookingAmendments.paymentReference, reference)))
    .limit(1);
  return row ?? null;
}

export async function setAmendmentReference(db: DbOrTx, id: string, reference: string) {
  await db.update(bookingAmendments).set({ paymentReference: reference }).where(eq(bookingAmendments.id, id));
}

export async function settleAmendment(
  tx: DbOrTx,
  id: string,
  status: 'applied' | 'refunded',
  reference: string,
): Promise<void> {
  await tx
    .update(bookingAmendments)
    .set({ status, paymentReference: reference, settledAt: new Date() })
    .where(eq(bookingAmendments.id, id));
}

/** The differences paid and applied to a booking, newest first: what a cancellation may refund besides its payment. */
export async function appliedAmendments(db: DbOrTx, bookingId: string) {
  return db
    .select()
    .from(bookingAmendments)
    .where(and(eq(bookingAmendments.bookingId, bookingId), eq(bookingAmendments.status, 'applied')))
    .orderBy(desc(bookingAmendments.settledAt));
}

/** Pending amendments whose payment window closed before `now` become `expired`, in one statement (the sweep). */
export async function expireLapsedAmendments(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(bookingAmendments)
    .set({ status: 'expired' })
    .where(and(eq(bookingAmendments.status, 'pending'), lt(bookingAmendments.expiresAt, now)))
    .returning({ id: bookingAmendments.id });
  return rows.length;
}
