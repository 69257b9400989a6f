import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, payments } from '#server/db/schema.ts';

// The only Drizzle code of the deposit holds (docs/decisions/0012-deposit-holds.md): a hold is a ledger row of kind
// `authorization` (purpose `deposit`); what is taken from it, a `capture` row naming it (`parent_id`).

export type HoldRow = typeof payments.$inferSelect;

/** Locks the booking's row for the rest of `tx` (the ledger is written under it: docs/decisions/0009). */
export async function lockBookingRow(tx: DbOrTx, bookingId: string) {
  const [row] = await tx
    .select({ id: bookings.id, status: bookings.status, supplierId: bookings.supplierId, currency: bookings.currency })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row ?? null;
}

/** The booking's holds still open (held, neither captured nor released), oldest first, with what was captured. */
export async function openHolds(db: DbOrTx, bookingId: string) {
  const captured = sql<number>`coalesce((select sum(c.amount) from ${payments} c where c.parent_id = ${payments.id}
    and c.status = 'succeeded'), 0)::integer`;
  return db
    .select({ hold: payments, captured })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'authorization'), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function paymentByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row ?? null;
}

/** The capture (or charge) under `key` taken: `succeeded` with the gateway's reference; returns the row once, when it changed. */
export async function markCaptured(db: DbOrTx, key: string, reference: string, at: Date) {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', providerReference: reference, settledAt: at })
    .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

/** A charge decided but refused by its gateway: nothing was taken, the decision is forgotten (only a pending one). */
export async function forgetPending(db: DbOrTx, key: string) {
  await db.delete(payments).where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'pending')));
}

/** The hold ended: what was not captured is released. A hold already ended stays as it is. */
export async function markReleased(db: DbOrTx, holdId: string, releasedAmount: number, at: Date) {
  await db
    .update(payments)
    .set({ status: 'released', releasedAmount, settledAt: at })
    .where(and(eq(payments.id, holdId), inArray(payments.status, ['succeeded', 'expired'])));
}

/** The hold lapsed at the provider before it was captured or released (only an open one). */
export async function markExpired(db: DbOrTx, provider: 'stripe' | 'paypal', reference: string, at: Date) {
  return db
    .update(payments)
    .set({ status: 'expired', settledAt: at })
    .where(
      and(
        eq(payments.kind, 'authorization'),
        eq(payments.provider, provider),
        eq(payments.providerReference, reference),
        eq(payments.status, 'succeeded'),
      ),
    )
    .returning({ id: payments.id, bookingId: payments.bookingId });
}

/** Booking statuses whose car has not come back yet: a hold must last until the return. */
const BEFORE_RETURN = ['deposit', 'paid', 'reserved', 'pending', 'on_rent'] as const;

/**
 * Open holds that lapse before `by` while their booking's car is not back, with the booking's return and reference:
 * those to authorise again, or to warn about.
 */
export async function holdsLapsingBy(db: DbOrTx, by: Date, supplierId?: string) {
  return db
    .select({
      hold: payments,
      reference: bookings.reference,
      status: bookings.status,
      dropoffAt: bookings.dropoffAt,
      pickupLocationId: bookings.pickupLocationId,
      dropoffLocationId: bookings.dropoffLocationId,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.kind, 'authorization'),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.expiresAt),
        lte(payments.expiresAt, by),
        sql`${payments.expiresAt} < ${bookings.dropoffAt}`,
        inArray(bookings.status, [...BEFORE_RETURN]),
        supplierId ? eq(payments.supplierId, supplierId) : undefined,
      ),
    )
    .orderBy(asc(payments.expiresAt));
}
