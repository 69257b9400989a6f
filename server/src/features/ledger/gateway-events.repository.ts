import type { DbOrTx } from '#server/db/client.ts';
import { gatewayEvents, type NewGatewayEvent } from '#server/db/schema.ts';
import type { PaypalOrder } from '#server/features/gateways/paypal.gateway.ts';

// What the gateways confirmed (docs/decisions/0015-reconciliation.md): the only writer of `gateway_events`. Each
// verified event is written once per gateway and event id — a replay, or the same event met again after a restart,
// writes nothing — in the transaction of what it changes where the caller has one.

export type GatewayEvent = Omit<NewGatewayEvent, 'id'>;

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A booking id as an event carries it (metadata the payer's browser never sets), or null when it is none. */
export const eventBookingId = (value: unknown): string | null =>
  typeof value === 'string' && BOOKING_ID.test(value) ? value.toLowerCase() : null;

/** Stores the event unless its gateway sent it before; true when it is new. */
export async function recordGatewayEvent(db: DbOrTx, event: GatewayEvent): Promise<boolean> {
  const stored = await db
    .insert(gatewayEvents)
    .values(event)
    .onConflictDoNothing({ target: [gatewayEvents.gateway, gatewayEvents.eventId] })
    .returning({ id: gatewayEvents.id });
  return stored.length > 0;
}

/**
 * A gateway's own answer that money moved, where the gateway sends Roam no webhook (the wallet: a capture from its
 * hold, a charge through its vault; the demo gateway: its simulated capture or charge). The call that got the answer
 * verified it, so the answer is the confirmation (docs/decisions/0015-reconciliation.md): stored in the transaction
 * that records the payment, once per gateway and reference. `reference` is what the ledger row keeps; `intent`, the
 * gateway's other id of the same payment (the capture of a vault charge's order).
 */
export function paymentAnswer(
  at: Date,
  answer: {
    gateway: 'paypal' | 'demo';
    type: string;
    reference: string;
    intent?: string | null;
    bookingId: string;
    amount: number;
    currency: string;
    status: string;
  },
): GatewayEvent {
  const moved = answer.status === 'COMPLETED' || answer.status === 'succeeded';
  return {
    gateway: answer.gateway,
    eventId: `${answer.type}-${answer.reference}`,
    type: answer.type,
    objectId: answer.reference,
    intentId: answer.intent ?? null,
    amount: answer.amount,
    currency: answer.currency,
    status: answer.status,
    movement: moved ? 'payment' : null,
    bookingId: answer.bookingId,
    receivedAt: at,
    payload: { source: answer.gateway === 'demo' ? 'demo' : 'api' },
  };
}

/**
 * The wallet's order read back from its API once it completed, captured or authorised (docs/decisions/0015-
 * reconciliation.md): Roam receives no wallet webhook, so this is its confirmation — of the booking's payment, or of a
 * change's difference paid by its own order. An authorised order holds money, it moves none until captured.
 */
export function walletOrderConfirmation(at: Date, bookingId: string, order: PaypalOrder): GatewayEvent {
  return {
    gateway: 'paypal',
    eventId: `order-${order.id}`,
    type: order.authorizationId ? 'order.authorized' : 'order.captured',
    objectId: order.id,
    intentId: order.captureId ?? order.authorizationId,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    movement: order.authorizationId ? null : 'payment',
    bookingId,
    receivedAt: at,
    payload: { source: 'api' },
  };
}
