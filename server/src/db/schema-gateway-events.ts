import { index, integer, jsonb, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { paymentProvider } from './enums.ts';

/**
 * What a gateway confirmed (docs/decisions/0015-reconciliation.md): every verified event, stored once per gateway and
 * event id (a replay stores nothing), in the transaction of what it changes. The card provider's signed webhooks; the
 * wallet's capture read back from its API; the demo gateway's simulated confirmations. `objectId` is what Roam's
 * ledger names as its reference (a card session, a payment intent, a refund, a wallet order); `intentId` the card
 * session's payment intent beside it. `payload`: a few fields kept for the operator, never card data.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: paymentProvider('gateway').notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    objectId: varchar('object_id', { length: 255 }),
    intentId: varchar('intent_id', { length: 255 }),
    /** Minor units of `currency`; null for an event that moves no money (an expired session). */
    amount: integer('amount'),
    currency: varchar('currency', { length: 3 }),
    status: varchar('status', { length: 40 }),
    /**
     * The money the event confirms moved: `payment` (in: a payment or capture that succeeded), `refund` (out: a
     * refund that succeeded); null when it confirms none (a hold, an expired session, a refund still pending).
     */
    movement: varchar('movement', { length: 10 }).$type<'payment' | 'refund'>(),
    /** The booking the event names, when Roam knows it (no foreign key: an unknown booking is what it reports). */
    bookingId: uuid('booking_id'),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('gateway_events_gateway_event_key').on(t.gateway, t.eventId),
    index('gateway_events_received_idx').on(t.gateway, t.receivedAt),
    index('gateway_events_object_idx').on(t.objectId),
    // The reconciliation finds the events about a ledger reference by their object or their intent.
    index('gateway_events_intent_idx').on(t.intentId),
  ],
);

export type GatewayEventRow = typeof gatewayEvents.$inferSelect;
export type NewGatewayEvent = typeof gatewayEvents.$inferInsert;
