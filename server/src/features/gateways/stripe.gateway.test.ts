import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import {
  bookingRow,
  bookOnline,
  GOOD_CARD,
  notificationCount,
} from '#server/features/payments/payments.test-helpers.ts';
import { startFakeStripe } from '#test/fake-providers.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('card provider (real stripe SDK against a local test server)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let driver: { cookie: string };
  const secret = 'whsec_test_secret';
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: fake.base,
      PUBLIC_URL: 'http://roam.test',
    });
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const book = (daysAhead: number) => bookOnline(t, driver, { paymentOption: 'full', currency: 'GBP' }, daysAhead);
  const webhook = (type: string, session: object, signature?: string) => {
    const payload = JSON.stringify({ id: `evt_${Math.random()}`, object: 'event', type, data: { object: session } });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  it('checkout creates a Checkout Session in the display currency, with the booking and the return URL', async () => {
    const result = await book(30);
    expect(result.payment).toMatchObject({
      provider: 'stripe',
      sessionId: expect.stringMatching(/^cs_test_/),
      url: `${fake.base}/pay/${result.payment.sessionId}`,
    });
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(call.headers.authorization).toBe('Bearer sk_test_123');
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('metadata[bookingId]')).toBe(result.bookingId);
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(Number(call.form.get('line_items[0][price_data][unit_amount]'))).toBe(result.chargedAmount);
    expect(call.form.get('success_url')).toBe('http://roam.test/checkout-session/{CHECKOUT_SESSION_ID}');
    // The hold is 30 minutes; Stripe needs at least 30 minutes: clamped up.
    expect(Number(call.form.get('expires_at')) * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    expect((await bookingRow(t, result.bookingId)).paymentReference).toBe(result.payment.sessionId);
  });

  it('the return check confirms only a paid session', async () => {
    const { bookingId, payment } = await book(36);
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/checkout-session/${payment.sessionId}`,
      headers: driver,
    });
    expect(open.json()).toMatchObject({ bookingId, status: 'void', payment: 'open' });
    Object.assign(fake.sessions.get(payment.sessionId)!, { status: 'complete', payment_status: 'paid' });
    const paid = await t.app.inject({
      method: 'GET',
      url: `/api/checkout-session/${payment.sessionId}`,
      headers: driver,
    });
    // With the booking's summary: its reference and the amount charged, in the currency charged.
    expect(paid.json()).toMatchObject({
      bookingId,
      status: 'paid',
      payment: 'paid',
      summary: {
        reference: (await bookingRow(t, bookingId)).reference,
        status: 'paid',
        amounts: { currency: 'GBP', payNow: fake.sessions.get(payment.sessionId)!.amount_total },
      },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/checkout-session/cs_test_unknown', headers: driver })).statusCode,
    ).toBe(404);
  });

  it('the signed webhook confirms once; a bad signature is refused', async () => {
    const { bookingId, payment } = await book(42);
    const session = { ...fake.sessions.get(payment.sessionId)!, status: 'complete', payment_status: 'paid' };
    expect((await webhook('checkout.session.completed', session, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await bookingRow(t, bookingId)).status).toBe('void');
    expect((await webhook('checkout.session.completed', session)).statusCode).toBe(200);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'paid', blocksCar: true });
    const notes = await notificationCount(t, bookingId);
    expect((await webhook('checkout.session.completed', session)).statusCode).toBe(200);
    Object.assign(fake.sessions.get(payment.sessionId)!, session);
    await t.app.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}`, headers: driver });
    expect(await notificationCount(t, bookingId)).toBe(notes);
  });

  it('a paid session whose amount differs from the booking is not confirmed', async () => {
    const { bookingId, payment } = await book(48);
    const session = {
      ...fake.sessions.get(payment.sessionId)!,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1,
    };
    expect((await webhook('checkout.session.completed', session)).statusCode).toBe(402);
    expect((await bookingRow(t, bookingId)).status).toBe('void');
  });

  it('an expired session releases the car', async () => {
    const { bookingId, payment } = await book(54);
    const session = { ...fake.sessions.get(payment.sessionId)!, status: 'expired' };
    expect((await webhook('checkout.session.expired', session)).statusCode).toBe(200);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'void', blocksCar: false });
  });

  it('a booking placed without a card session gets one when its payer opens the payment', async () => {
    // As an operator's payment-link booking is placed: awaiting payment, no session yet.
    const { bookingId } = await book(66);
    await t.db
      .update(bookings)
      .set({ paymentProvider: null, paymentReference: null })
      .where(eq(bookings.id, bookingId));
    const pending = await t.app.inject({ method: 'GET', url: `/api/booking-payment/${bookingId}`, headers: driver });
    expect(pending.statusCode, pending.body).toBe(200);
    const sessionId = pending.json().payment.sessionId as string;
    expect(pending.json().payment).toEqual({ provider: 'stripe', sessionId, url: `${fake.base}/pay/${sessionId}` });
    expect(fake.sessions.get(sessionId)).toMatchObject({ metadata: { bookingId } });
    expect((await bookingRow(t, bookingId)).paymentReference).toBe(sessionId);
    // Opened again: the same session, not a second one.
    const again = await t.app.inject({ method: 'GET', url: `/api/booking-payment/${bookingId}`, headers: driver });
    expect(again.json().payment.sessionId).toBe(sessionId);
  });

  it('the demo gateway is off when the card provider is configured', async () => {
    const { bookingId } = await book(60);
    const res = await t.app.inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, payload: GOOD_CARD });
    expect(res.statusCode).toBe(403);
  });
});
