import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { bookingRow, bookOnline, notificationCount } from '#server/features/payments/payments.test-helpers.ts';
import { startFakePaypal } from '#test/fake-providers.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

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
    const result = await bookOnline(t, driver, { paymentOption: 'deposit', currency: 'USD' }, daysAhead);
    expect(result.walletEnabled).toBe(true);
    return result;
  };
  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/create-paypal-order/', headers: driver, payload });

  it('creates the order from the booking; the client amount must match', async () => {
    const { bookingId, chargedAmount } = await book(30);
    // The deposit option charges the Clio's security deposit (500 €) now, in the booking's currency.
    expect(chargedAmount).toBe(57500);
    const wrong = await create({ bookingId, amount: 1, currency: 'USD', name: 'Renault Clio', description: 'Booking' });
    expect(wrong.statusCode).toBe(400);
    const res = await create({
      bookingId,
      amount: 575,
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
      amount: { currency_code: 'USD', value: '575.00' },
    });
    expect(unit.items![0]!.name).toHaveLength(200);
    expect(unit.description).toHaveLength(1000);
  });

  it('checks the order: not approved → 402; approved → captured and confirmed once', async () => {
    const { bookingId } = await book(36);
    const { orderId } = (
      await create({ bookingId, amount: 575, currency: 'USD', name: 'Renault Clio', description: 'Booking' })
    ).json();
    const check = () =>
      t.app.inject({ method: 'POST', url: `/api/check-paypal-order/${bookingId}/${orderId}`, headers: driver });
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
      await create({ bookingId: first.bookingId, amount: 575, currency: 'USD', name: 'Clio', description: 'x' })
    ).json();
    const second = await book(60);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/check-paypal-order/${second.bookingId}/${orderId}`,
      headers: driver,
    });
    expect(res.statusCode).toBe(404);
    const order = fake.orders.get(orderId)!;
    order.status = 'COMPLETED';
    order.purchase_units[0]!.amount.value = '1.00';
    const cheap = await t.app.inject({
      method: 'POST',
      url: `/api/check-paypal-order/${first.bookingId}/${orderId}`,
      headers: driver,
    });
    expect(cheap.statusCode).toBe(402);
    expect((await bookingRow(t, first.bookingId)).status).toBe('void');
  });
});
