import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../../../test/booking-fixtures.ts';
import { startFakePaypal, startFakeStripe } from '../../../test/fake-providers.ts';
import { withRefusedInserts } from '../../../test/refused-inserts.ts';
import { signIn } from '../../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { bookings, notifications } from '../../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../db/seed/seed.ts';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };

async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}
async function notificationCount(t: TestApp, bookingId: string) {
  const [row] = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.bookingId, bookingId));
  return row!.n;
}

describe('demo gateway', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const book = async (daysAhead: number, paymentOption = 'full') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption } as never, daysAhead),
    });
    expect(res.statusCode).toBe(201);
    return res.json().bookingId as string;
  };
  const pay = (bookingId: string, card: Record<string, string> = GOOD_CARD) =>
    t.app.inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, payload: card });

  it('checks the card fields with the spec messages', async () => {
    const id = await book(30);
    const res = await pay(id, { cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', cardholder: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      cardNumber: ['Invalid card number'],
      expiry: ['Invalid expiry date'],
      cvc: ['Invalid Card Validation Code'],
    });
  });

  it('4242 4242 4242 4242 pays; a replay or a restart changes nothing twice', async () => {
    const id = await book(36, 'deposit');
    const res = await pay(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookingId: id, status: 'deposit', payment: 'paid' });
    const row = await bookingRow(t, id);
    expect(row).toMatchObject({ status: 'deposit', blocksCar: true, holdExpiresAt: null, paymentProvider: 'demo' });
    expect(row.paidAt).not.toBeNull();
    const notes = await notificationCount(t, id);
    expect(notes).toBe(2);
    // Replay on the same process, then on a "restarted" server over the same database.
    expect((await pay(id)).json()).toEqual({ bookingId: id, status: 'deposit', payment: 'paid' });
    const restarted = await buildApp({
      config: t.config,
      database: { db: t.db, kind: 'pglite', close: async () => {} },
      logger: false,
      webDist: null,
    });
    const again = await restarted.inject({ method: 'POST', url: `/api/demo-payment/${id}`, payload: GOOD_CARD });
    await restarted.close();
    expect(again.json()).toEqual({ bookingId: id, status: 'deposit', payment: 'paid' });
    expect(await notificationCount(t, id)).toBe(notes);
    expect((await bookingRow(t, id)).paidAt).toEqual(row.paidAt);
  });

  it('a status change and its notifications commit together (a crash between them leaves neither)', async () => {
    const id = await book(100);
    const payLater = checkoutBody({ paymentOption: 'payLater' } as never, 104);
    // The payment and the pay-later booking must roll back with their refused notification.
    await withRefusedInserts(t.db, 'notifications', async () => {
      expect((await pay(id)).statusCode).toBe(500);
      const failed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: payLater });
      expect(failed.statusCode).toBe(500);
    });
    expect(await bookingRow(t, id)).toMatchObject({ status: 'void', paidAt: null, blocksCar: true });
    expect(await notificationCount(t, id)).toBe(0);
    const [left] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.pickupAt, new Date(payLater.pickupAt as string)));
    expect(left!.n).toBe(0);
    // The replay after the "crash" confirms and notifies, once.
    expect((await pay(id)).json()).toEqual({ bookingId: id, status: 'paid', payment: 'paid' });
    expect(await notificationCount(t, id)).toBe(2);
    const booked = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: payLater });
    expect(booked.statusCode).toBe(201);
    expect(await notificationCount(t, booked.json().bookingId)).toBe(2);
  });

  it('4000 0000 0000 0002 is declined (402 Payment failed.) and releases the car', async () => {
    const id = await book(42);
    const res = await pay(id, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'Payment failed.' });
    expect(await bookingRow(t, id)).toMatchObject({ status: 'void', blocksCar: false });
    // The same car and dates can be booked again at once.
    await book(42);
  });

  it('a payment after the hold lapsed re-blocks the car when it is still free', async () => {
    const id = await book(48);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, id));
    await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: checkoutBody({}, 90) }); // sweeps the car
    expect((await bookingRow(t, id)).blocksCar).toBe(false);
    expect((await pay(id)).json()).toEqual({ bookingId: id, status: 'paid', payment: 'paid' });
    expect(await bookingRow(t, id)).toMatchObject({ status: 'paid', blocksCar: true });
  });

  it('a late payment for a car taken meanwhile is recorded for refund, never double-books', async () => {
    const id = await book(54);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    // The hold lapses and the sweep releases it; then another driver books the same dates.
    await t.db.update(bookings).set({ blocksCar: false }).where(eq(bookings.id, id));
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: other,
      payload: checkoutBody({}, 54),
    });
    expect(taken.statusCode).toBe(201);
    expect(row!.status).toBe('void');
    // The payer's confirmation finds the car taken: the booking stays void, flagged paid (refund due).
    const { confirmBookingPayment } = await import('./payments.service.ts');
    const result = await confirmBookingPayment(t.app.context, id, 'demo', `demo_${id}`);
    expect(result).toEqual({ bookingId: id, status: 'void', payment: 'refund' });
    const flagged = await bookingRow(t, id);
    expect(flagged).toMatchObject({ status: 'void', blocksCar: false });
    expect(flagged.paidAt).not.toBeNull();
  });

  it('an unknown booking is 404; a pay-later booking is not awaiting payment', async () => {
    expect((await pay('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const later = await book(60, 'payLater');
    expect((await pay(later)).json()).toMatchObject({ status: 'pending', payment: 'paid' });
  });

  it('the payment result answers for a booking id (a reload after pay later or the demo card), owners only', async () => {
    const session = (id: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/checkout-session/${id}`, headers });
    const later = await book(66, 'payLater');
    const paid = await book(72);
    await pay(paid);
    const declined = await book(78);
    await pay(declined, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    // A guest is not signed in: the random id alone answers, with no personal data.
    expect((await session(later)).json()).toEqual({ bookingId: later, status: 'pending', payment: 'booked' });
    expect((await session(paid, driver)).json()).toEqual({ bookingId: paid, status: 'paid', payment: 'paid' });
    expect((await session(declined)).json()).toMatchObject({ status: 'void', payment: 'failed' });
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    expect((await session(later, admin)).statusCode).toBe(200);
    // Another driver learns nothing, not even that the booking exists; nor does an unknown id.
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const stranger = await session(later, other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(later);
    expect((await session('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is refused in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://roam.example' });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: `/api/demo-payment/${DEMO_IDS.cars.clio}`,
        payload: GOOD_CARD,
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await prod.close();
    }
  });
});

describe('production without a card provider (README: an integration not configured is off)', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://roam.example' } as const;
  const checkout = (t: TestApp, driver: { cookie: string }, paymentOption: string, daysAhead: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption } as never, daysAhead),
    });

  it('offers no card; an online checkout is refused before anything is written, pay later still books', async () => {
    const t = await createTestApp(production);
    try {
      expect((await t.app.inject({ url: '/api/settings' })).json().payment).toMatchObject({
        card: null,
        wallet: false,
      });
      const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
      const [before] = await t.db.select({ n: count() }).from(bookings);
      for (const option of ['full', 'deposit']) {
        const refused = await checkout(t, driver, option, 40);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fieldErrors).toEqual({ paymentOption: ['Online payment is not available.'] });
      }
      const [after] = await t.db.select({ n: count() }).from(bookings);
      expect(after!.n).toBe(before!.n);
      const later = await checkout(t, driver, 'payLater', 40);
      expect(later.statusCode).toBe(201);
      expect(later.json()).toMatchObject({ status: 'pending', payment: null });
    } finally {
      await t.close();
    }
  });

  it('with the wallet configured, an online checkout holds the car for the wallet alone', async () => {
    const fake = await startFakePaypal('pp-client', 'pp-secret');
    const t = await createTestApp({
      ...production,
      PAYPAL_CLIENT_ID: 'pp-client',
      PAYPAL_CLIENT_SECRET: 'pp-secret',
      PAYPAL_API_BASE: fake.base,
    });
    try {
      expect((await t.app.inject({ url: '/api/settings' })).json().payment).toMatchObject({ card: null, wallet: true });
      const res = await checkout(t, await signIn(t.db, DEMO_ACCOUNTS.driver.id), 'full', 42);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'void', payment: null, walletEnabled: true });
      expect(res.json().holdExpiresAt).not.toBeNull();
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

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

  const book = async (daysAhead: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'full', currency: 'GBP' } as never, daysAhead),
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
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
    const open = await t.app.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}` });
    expect(open.json()).toEqual({ bookingId, status: 'void', payment: 'open' });
    Object.assign(fake.sessions.get(payment.sessionId)!, { status: 'complete', payment_status: 'paid' });
    const paid = await t.app.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}` });
    expect(paid.json()).toEqual({ bookingId, status: 'paid', payment: 'paid' });
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout-session/cs_test_unknown' })).statusCode).toBe(404);
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
    await t.app.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}` });
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

  it('the demo gateway is off when the card provider is configured', async () => {
    const { bookingId } = await book(60);
    const res = await t.app.inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, payload: GOOD_CARD });
    expect(res.statusCode).toBe(403);
  });
});

describe('wallet provider (PayPal REST client against a local test server)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakePaypal>>;
  let driver: { cookie: string };
  beforeAll(async () => {
    fake = await startFakePaypal('pp-client', 'pp-secret');
    t = await createTestApp({
      PAYPAL_CLIENT_ID: 'pp-client',
      PAYPAL_CLIENT_SECRET: 'pp-secret',
      PAYPAL_API_BASE: fake.base,
    });
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const book = async (daysAhead: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'deposit', currency: 'USD' } as never, daysAhead),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().walletEnabled).toBe(true);
    return res.json();
  };
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-paypal-order/', payload });

  it('creates the order from the booking; the client amount must match', async () => {
    const { bookingId, chargedAmount } = await book(30);
    expect(chargedAmount).toBe(12075);
    const wrong = await create({ bookingId, amount: 1, currency: 'USD', name: 'Renault Clio', description: 'Booking' });
    expect(wrong.statusCode).toBe(400);
    const res = await create({
      bookingId,
      amount: 120.75,
      currency: 'USD',
      name: 'N'.repeat(300),
      description: 'D'.repeat(1500),
    });
    expect(res.statusCode).toBe(200);
    const order = fake.orders.get(res.json().orderId)!;
    const unit = order.purchase_units[0]!;
    expect(unit).toMatchObject({
      custom_id: bookingId,
      reference_id: bookingId,
      amount: { currency_code: 'USD', value: '120.75' },
    });
    expect(unit.items![0]!.name).toHaveLength(200);
    expect(unit.description).toHaveLength(1000);
  });

  it('checks the order: not approved → 402; approved → captured and confirmed once', async () => {
    const { bookingId } = await book(36);
    const { orderId } = (
      await create({ bookingId, amount: 120.75, currency: 'USD', name: 'Renault Clio', description: 'Booking' })
    ).json();
    const check = () => t.app.inject({ method: 'POST', url: `/api/check-paypal-order/${bookingId}/${orderId}` });
    expect((await check()).statusCode).toBe(402);
    fake.orders.get(orderId)!.status = 'APPROVED';
    const res = await check();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookingId, status: 'deposit', payment: 'paid' });
    expect(fake.orders.get(orderId)!.status).toBe('COMPLETED');
    const notes = await notificationCount(t, bookingId);
    expect((await check()).json()).toEqual({ bookingId, status: 'deposit', payment: 'paid' });
    expect(await notificationCount(t, bookingId)).toBe(notes);
  });

  it("refuses another booking's order, and a completed order of the wrong amount", async () => {
    const first = await book(42);
    const { orderId } = (
      await create({ bookingId: first.bookingId, amount: 120.75, currency: 'USD', name: 'Clio', description: 'x' })
    ).json();
    const second = await book(60);
    const res = await t.app.inject({ method: 'POST', url: `/api/check-paypal-order/${second.bookingId}/${orderId}` });
    expect(res.statusCode).toBe(404);
    const order = fake.orders.get(orderId)!;
    order.status = 'COMPLETED';
    order.purchase_units[0]!.amount.value = '1.00';
    const cheap = await t.app.inject({ method: 'POST', url: `/api/check-paypal-order/${first.bookingId}/${orderId}` });
    expect(cheap.statusCode).toBe(402);
    expect((await bookingRow(t, first.bookingId)).status).toBe('void');
  });
});
