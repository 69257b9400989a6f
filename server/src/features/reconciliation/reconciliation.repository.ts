import type { ReconciledGateway } from '@roam/contract/reconciliation';
import { and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookings, gatewayEvents, payments, refunds } from '#server/db/schema.ts';

// The reconciliation's reads (docs/decisions/0015-reconciliation.md): the ledger's gateway movements of a range of
// days, the gateways' confirmations, and the references either side knows.

export type Recorded = {
  movement: 'payment' | 'refund';
  gateway: ReconciledGateway;
  reference: string | null;
  bookingId: string;
  bookingReference: string | null;
  amount: number;
  currency: string;
  at: Date;
};

/** Money in (charges and captures that succeeded) and out (refunds that succeeded) through a gateway, in [start, end). */
export async function recordedBetween(
  db: DbOrTx,
  gateways: readonly ReconciledGateway[],
  start: Date,
  end: Date,
): Promise<Recorded[]> {
  const [paid, refunded] = await readTogether(db, [
    () =>
      db
        .select({
          gateway: payments.provider,
          reference: payments.providerReference,
          bookingId: payments.bookingId,
          bookingReference: bookings.reference,
          amount: payments.amount,
          currency: payments.currency,
          at: payments.createdAt,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(
          and(
            inArray(payments.provider, [...gateways]),
            inArray(payments.kind, ['charge', 'capture']),
            eq(payments.status, 'succeeded'),
            gte(payments.createdAt, start),
            lt(payments.createdAt, end),
          ),
        ),
    () =>
      db
        .select({
          gateway: refunds.provider,
          reference: refunds.providerReference,
          bookingId: refunds.bookingId,
          bookingReference: bookings.reference,
          amount: refunds.amount,
          currency: refunds.currency,
          at: sql<Date>`coalesce(${refunds.refundedAt}, ${refunds.createdAt})`.mapWith(refunds.createdAt),
        })
        .from(refunds)
        .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
        .where(
          and(
            inArray(refunds.provider, [...gateways]),
            eq(refunds.status, 'succeeded'),
            gte(refunds.createdAt, start),
            lt(refunds.createdAt, end),
          ),
        ),
  ]);
  return [
    ...paid.map((row) => ({ ...row, movement: 'payment' as const, gateway: row.gateway as ReconciledGateway })),
    ...refunded.map((row) => ({ ...row, movement: 'refund' as const, gateway: row.gateway as ReconciledGateway })),
  ];
}

export type Confirmation = {
  id: string;
  gateway: ReconciledGateway;
  movement: 'payment' | 'refund';
  objectId: string | null;
  intentId: string | null;
  amount: number | null;
  currency: string | null;
  bookingId: string | null;
  receivedAt: Date;
};

const confirmation = {
  id: gatewayEvents.id,
  gateway: gatewayEvents.gateway,
  movement: gatewayEvents.movement,
  objectId: gatewayEvents.objectId,
  intentId: gatewayEvents.intentId,
  amount: gatewayEvents.amount,
  currency: gatewayEvents.currency,
  bookingId: gatewayEvents.bookingId,
  receivedAt: gatewayEvents.receivedAt,
};

/**
 * The confirmations of money moved: those received in [start, end), and those of any day about the references
 * given (a payment recorded before midnight confirmed after it).
 */
export async function confirmationsFor(
  db: DbOrTx,
  gateways: readonly ReconciledGateway[],
  start: Date,
  end: Date,
  references: readonly string[],
): Promise<Confirmation[]> {
  const about =
    references.length > 0
      ? or(inArray(gatewayEvents.objectId, [...references]), inArray(gatewayEvents.intentId, [...references]))
      : undefined;
  const rows = await db
    .select(confirmation)
    .from(gatewayEvents)
    .where(
      and(
        inArray(gatewayEvents.gateway, [...gateways]),
        isNotNull(gatewayEvents.movement),
        or(and(gte(gatewayEvents.receivedAt, start), lt(gatewayEvents.receivedAt, end)), about),
      ),
    )
    .orderBy(gatewayEvents.receivedAt, gatewayEvents.id);
  return rows as Confirmation[];
}

/** Of these references, those the ledger has (a payment's or a refund's), any day. */
export async function knownReferences(db: DbOrTx, references: readonly string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const [paid, refunded] = await readTogether(db, [
    () =>
      db
        .select({ reference: payments.providerReference })
        .from(payments)
        .where(inArray(payments.providerReference, [...references])),
    () =>
      db
        .select({ reference: refunds.providerReference })
        .from(refunds)
        .where(inArray(refunds.providerReference, [...references])),
  ]);
  return new Set([...paid, ...refunded].flatMap((row) => (row.reference ? [row.reference] : [])));
}

/** The bookings' references, by id (an event names a booking the ledger may not have paid). */
export async function bookingReferences(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.id, reference: bookings.reference })
    .from(bookings)
    .where(inArray(bookings.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.reference]));
}
