import type Stripe from 'stripe';

// What Roam keeps of each signed card provider event (docs/decisions/0015-reconciliation.md): its id and type, the
// object it is about and the money it confirms moved. No card data: the object's id, amount, currency, status and
// the booking its metadata names; the rest of the payload is dropped.

export type CardEventRecord = {
  eventId: string;
  type: string;
  objectId: string | null;
  intentId: string | null;
  amount: number | null;
  currency: string | null;
  status: string | null;
  movement: 'payment' | 'refund' | null;
  bookingRef: string | null;
};

type Loose = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const idOf = (value: unknown) => text(value) ?? (value && typeof value === 'object' ? text((value as Loose).id) : null);
const amountOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The event as stored: any type, known or not (an unknown type keeps its object's id only). */
export function cardEventRecord(event: Stripe.Event): CardEventRecord {
  const object = event.data.object as unknown as Loose;
  const metadata = (object.metadata ?? {}) as Loose;
  const base = {
    eventId: event.id,
    type: event.type,
    objectId: text(object.id),
    intentId: null,
    amount: null,
    currency: text(object.currency)?.toUpperCase() ?? null,
    status: text(object.status),
    movement: null,
    bookingRef: text(metadata.bookingId) ?? text(object.client_reference_id),
  } satisfies CardEventRecord;
  if (event.type.startsWith('checkout.session.')) {
    const paid = object.payment_status === 'paid';
    return {
      ...base,
      intentId: idOf(object.payment_intent),
      amount: amountOf(object.amount_total),
      status: text(object.payment_status) ?? base.status,
      // A session completed unpaid held the money (a deposit): a hold moves none until it is captured.
      movement: paid && event.type !== 'checkout.session.expired' ? 'payment' : null,
    };
  }
  if (event.type.startsWith('payment_intent.')) {
    const succeeded = object.status === 'succeeded';
    return {
      ...base,
      intentId: base.objectId,
      amount: amountOf(succeeded ? object.amount_received : object.amount),
      movement: succeeded && event.type === 'payment_intent.succeeded' ? 'payment' : null,
    };
  }
  if (event.type.startsWith('refund.') || event.type === 'charge.refund.updated') {
    return {
      ...base,
      intentId: idOf(object.payment_intent),
      amount: amountOf(object.amount),
      movement: object.status === 'succeeded' ? 'refund' : null,
    };
  }
  return base;
}
