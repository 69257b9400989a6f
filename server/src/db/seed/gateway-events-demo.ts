import type { bookings, NewGatewayEvent } from '../schema.ts';

// The demo's gateway confirmations (docs/decisions/0015-reconciliation.md): each seeded payment confirmed as its
// gateway would have, and one payment the demo gateway confirmed yesterday for no booking, so that the admin's
// reconciliation shows a mismatch from the first run.

type SeededBooking = typeof bookings.$inferInsert;

export function demoGatewayEvents(paid: SeededBooking[], now: Date): NewGatewayEvent[] {
  const confirmed = paid
    .filter((row) => row.paymentOption !== 'deposit')
    .map((row) => ({
      gateway: row.paymentProvider!,
      eventId: `payment-${row.id}`,
      type: 'payment.succeeded',
      objectId: row.paymentReference ?? null,
      amount: row.chargedAmount!,
      currency: row.currency!,
      status: 'succeeded',
      movement: 'payment' as const,
      bookingId: row.id!,
      receivedAt: row.paidAt!,
      payload: { source: 'demo' },
    }));
  const yesterday = new Date(now.getTime() - 86_400_000);
  return [
    ...confirmed,
    {
      gateway: 'demo',
      eventId: 'payment-demo-unknown',
      type: 'payment.succeeded',
      objectId: 'demo_unknown_payment',
      amount: 12500,
      currency: 'EUR',
      status: 'succeeded',
      movement: 'payment',
      bookingId: null,
      receivedAt: yesterday,
      payload: { source: 'demo' },
    },
  ];
}
