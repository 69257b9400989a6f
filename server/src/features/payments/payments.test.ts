import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { startFakePaypal } from '#test/fake-providers.ts';
import { withRefusedInserts } from '#test/refused-inserts.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, injectAsOwnPage, PRODUCTION, type TestApp } from '#test/test-app.ts';
import { bookingRow, bookOnline, GOOD_CARD, notificationCount, postCheckout } from './payments.test-helpers.ts';

// The demo gateway, and what checkout offers in production without a card provider. The card and wallet providers
// have their own files (stripe.gateway.test.ts, paypal.gateway.test.ts).

describe('demo gateway', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const book = async (daysAhead: number, paymentOption = 'full') =>
    (await bookOnline(t, driver, { paymentOption }, daysAhead)).bookingId as string;
  const pay = (bookingId: string, card: Record<string, string> = GOOD_CARD) =>
    t.app.inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, headers: driver, payload: card });

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
    const restarted = injectAsOwnPage(
      await buildApp({
        config: t.config,
        database: { db: t.db, kind: 'pglite', close: async () => {} },
        logger: false,
        webDist: null,
      }),
      t.config.PUBLIC_URL,
    );
    const again = await restarted.inject({
      method: 'POST',
      url: `/api/demo-payment/${id}`,
      headers: driver,
      payload: GOOD_CARD,
    });
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
    // Someone's checkout of the car sweeps its lapsed holds (the driver's own would release the hold outright).
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    await t.app.inject({ method: 'POST', url: '/api/checkout', headers: other, payload: checkoutBody({}, 90) });
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
    // Whoever placed the booking reads it (a guest's browser by its cookie: security/payment-party.test.ts), with the
    // booking's summary and no personal data.
    const booked = (await session(later, driver)).json();
    expect(booked).toMatchObject({ bookingId: later, status: 'pending', payment: 'booked' });
    expect(booked.summary).toMatchObject({ reference: (await bookingRow(t, later)).reference, status: 'pending' });
    expect(JSON.stringify(booked)).not.toMatch(/Camille|driver@roam/);
    expect((await session(paid, driver)).json()).toMatchObject({ bookingId: paid, status: 'paid', payment: 'paid' });
    expect((await session(declined, driver)).json()).toMatchObject({ status: 'void', payment: 'failed' });
    // The id alone answers nothing.
    expect((await session(later)).statusCode).toBe(404);
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
    const prod = await createTestApp(PRODUCTION);
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
  const production = PRODUCTION;
  const checkout = (t: TestApp, driver: { cookie: string }, paymentOption: string, daysAhead: number) =>
    postCheckout(t, driver, { paymentOption }, daysAhead);

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
