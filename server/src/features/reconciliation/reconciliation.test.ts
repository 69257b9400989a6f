import type { Reconciliation } from '@roam/contract/reconciliation';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import {
  cardApp,
  cardWebhook,
  payByCard,
  payByWallet,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import type { TestApp } from '#test/test-app.ts';

// The reconciliation through HTTP (docs/decisions/0015-reconciliation.md): payments taken through the local card and
// wallet servers, the card provider's signed webhooks, and the admin's report of the days around today (UTC).

const DAY_MS = 86_400_000;
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const HOUR_MS = 3_600_000;

async function report(t: TestApp, admin: { cookie: string }, gateway: string): Promise<Reconciliation> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reconciliation?gateway=${gateway}&from=${dayAt(-1)}&to=${dayAt(1)}&size=100`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sum = (body: Reconciliation, part: 'recorded' | 'refunded' | 'confirmed' | 'confirmedRefunds' | 'matched') =>
  body.days.reduce(
    (total, day) => ({ count: total.count + day[part].count, amount: total.amount + day[part].amount }),
    {
      count: 0,
      amount: 0,
    },
  );

describe('reconciliation of the card provider', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    app = await cardApp();
    t = app.t;
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => app.close());

  /** Sends a signed event of the card provider, as its servers would. */
  const signed = (type: string, object: Record<string, unknown>, id = `evt_${type}_${String(object.id)}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
      },
      payload,
    });
  };
  const paidBooking = (daysAhead: number) =>
    payByCard(app, checkoutBody({ paymentOption: 'full', currency: 'GBP' } as never, daysAhead));

  it('matches a paid booking with its webhook; a replayed event is stored and counted once', async () => {
    const paid = await paidBooking(30);
    const before = sum(await report(t, admin, 'stripe'), 'matched');
    expect((await report(t, admin, 'stripe')).mismatches.items.map((item) => item.reference)).not.toContain(
      paid.sessionId,
    );
    for (const _ of [1, 2]) expect((await cardWebhook(app, paid.sessionId)).statusCode).toBe(200);
    const stored = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.objectId, paid.sessionId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      gateway: 'stripe',
      type: 'checkout.session.completed',
      amount: paid.chargedAmount,
      currency: 'GBP',
      movement: 'payment',
      bookingId: paid.bookingId,
      intentId: paid.sessionId.replace('cs_', 'pi_'),
    });
    // No card data kept: the payload holds where the event came from, nothing of the session.
    expect(stored[0]!.payload).toEqual({ source: 'webhook' });
    // The provider also confirms the session's intent: the same payment, counted once.
    const intent = paid.sessionId.replace('cs_', 'pi_');
    const succeeded = { id: intent, object: 'payment_intent', status: 'succeeded', amount: paid.chargedAmount };
    const confirmedIntent = { ...succeeded, amount_received: paid.chargedAmount, currency: 'gbp' };
    expect((await signed('payment_intent.succeeded', confirmedIntent)).statusCode).toBe(200);
    const after = await report(t, admin, 'stripe');
    expect(sum(after, 'matched')).toEqual({ count: before.count + 1, amount: before.amount + paid.chargedAmount });
    const mine = after.mismatches.items.filter((item) => item.bookingId === paid.bookingId);
    expect(mine).toEqual([]);
  });

  it('reports a payment without a booking and an amount that differs', async () => {
    const stranger = '00000000-0000-4000-8000-000000000037';
    const unknown = {
      id: 'cs_test_unknown37',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 4321,
      currency: 'eur',
      payment_intent: 'pi_test_unknown37',
      metadata: { bookingId: stranger },
    };
    // Acknowledged (the provider would retry forever), and kept.
    expect((await signed('checkout.session.completed', unknown)).statusCode).toBe(200);
    const paid = await paidBooking(40);
    const session = { ...app.fake.sessions.get(paid.sessionId)!, amount_total: paid.chargedAmount - 100 };
    // The gateway says it took another amount than the booking's: refused, kept.
    expect((await signed('checkout.session.completed', session)).statusCode).toBe(402);
    const body = await report(t, admin, 'stripe');
    expect(body.mismatches.items).toContainEqual(
      expect.objectContaining({
        kind: 'unrecorded',
        reference: 'cs_test_unknown37',
        bookingId: stranger,
        bookingReference: null,
        confirmedAmount: 4321,
        confirmedCurrency: 'EUR',
      }),
    );
    expect(body.mismatches.items).toContainEqual(
      expect.objectContaining({
        kind: 'amountDiffers',
        reference: paid.sessionId,
        bookingId: paid.bookingId,
        recordedAmount: paid.chargedAmount,
        confirmedAmount: paid.chargedAmount - 100,
      }),
    );
    const day = body.days.find((row) => row.currency === 'EUR');
    expect(day?.confirmed.amount).toBeGreaterThanOrEqual(4321);
    expect(day?.mismatches).toBeGreaterThanOrEqual(1);
  });

  it('a refund the provider never confirmed is a mismatch after the grace period, matched once it is', async () => {
    const paid = await paidBooking(50);
    await cardWebhook(app, paid.sessionId);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${paid.bookingId}`,
      headers: app.driver,
    });
    expect(cancelled.json().status).toBe('cancelled');
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.bookingId, paid.bookingId), eq(refunds.status, 'succeeded')));
    const refundOf = (body: Reconciliation) =>
      body.mismatches.items.filter((item) => item.reference === refund!.providerReference);
    // Within the grace period: pending, not missing.
    expect(refundOf(await report(t, admin, 'stripe'))).toEqual([]);
    t.app.context.clock = { now: () => new Date(Date.now() + 2 * HOUR_MS) };
    try {
      expect(refundOf(await report(t, admin, 'stripe'))).toEqual([
        expect.objectContaining({
          kind: 'refundUnconfirmed',
          bookingId: paid.bookingId,
          recordedAmount: refund!.amount,
          confirmedAmount: null,
        }),
      ]);
      const confirmed = {
        id: refund!.providerReference,
        object: 'refund',
        status: 'succeeded',
        amount: refund!.amount,
        currency: 'gbp',
        payment_intent: paid.sessionId.replace('cs_', 'pi_'),
        metadata: { bookingId: paid.bookingId },
      };
      expect((await signed('refund.updated', confirmed)).statusCode).toBe(200);
      const body = await report(t, admin, 'stripe');
      expect(refundOf(body)).toEqual([]);
      expect(sum(body, 'confirmedRefunds').amount).toBeGreaterThanOrEqual(refund!.amount);
    } finally {
      t.app.context.clock = { now: () => new Date() };
    }
  });

  it('is the admin’s: a supplier is refused, a range backwards or too long is 400', async () => {
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const url = `/api/reconciliation?from=${dayAt(0)}&to=${dayAt(0)}`;
    expect((await t.app.inject({ method: 'GET', url, headers: supplier })).statusCode).toBe(403);
    for (const query of [`from=${dayAt(1)}&to=${dayAt(0)}`, `from=${dayAt(-40)}&to=${dayAt(0)}`, 'from=x&to=y']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reconciliation?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('reconciliation of the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  beforeAll(async () => {
    app = await walletApp();
  });
  afterAll(() => app.close());

  it('its captured order and its refund answer are confirmations, matched', async () => {
    const { t, driver } = app;
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'full', currency: 'USD' } as never, 33),
    });
    const booking = { ...res.json(), currency: 'USD' };
    const { orderId, status } = await payByWallet(app, booking);
    expect(status).toBe('paid');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/cancel-booking/${booking.bookingId}`,
      headers: driver,
    });
    expect(cancelled.json().status).toBe('cancelled');
    t.app.context.clock = { now: () => new Date(Date.now() + 2 * HOUR_MS) };
    const body = await report(t, admin, 'paypal');
    t.app.context.clock = { now: () => new Date() };
    expect(body.mismatches.items.filter((item) => item.bookingId === booking.bookingId)).toEqual([]);
    expect(sum(body, 'matched').count).toBe(2);
    const [order] = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.objectId, orderId));
    expect(order).toMatchObject({ gateway: 'paypal', movement: 'payment', amount: booking.chargedAmount });
  });
});
