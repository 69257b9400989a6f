import type { DbOrTx } from '#server/db/client.ts';
import { gatewayEvents, type NewGatewayEvent } from '#server/db/schema.ts';

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
