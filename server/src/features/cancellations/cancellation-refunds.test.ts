import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, refunds } from '#server/db/schema.ts';
import { cardApp, payByCard, payByWallet, walletApp } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import type { TestApp } from '#test/test-app.ts';

// A cancellation refunds through the booking's gateway — the card provider's Refunds
// API through the official SDK, the wallet provider's Payments v2 capture refund — each against a local server
// speaking the provider's protocol; a retried or concurrent cancel refunds once (the provider's idempotency key).
// Here the driver's own cancel, free by the Clio's terms (its cancellation is included) weeks before pick-up, decided
// at once; the operator's approval takes the same refund path (cancellations.service.ts).

const cancel = (t: TestApp, driver: { cookie: string }, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers: driver });

describe('refunds through the card provider', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof cardApp>>['fake'];
  let driver: { cookie: string };
  beforeAll(async () => {
    app = await cardApp();
    ({ t, fake, driver } = app);
  });
  afterAll(() => app.close());

  /** A full card payment in GBP, paid at the provider and confirmed by the return check. */
  const paidBooking = (daysAhead: number) =>
    payByCard(app, checkoutBody({ paymentOption: 'full', currency: 'GBP' } as never, daysAhead));

  it('refunds the payment intent of the session, in its currency, once even when cancelled twice at once', async () => {
    const { bookingId, chargedAmount, sessionId } = await paidBooking(30);
    const [first, second] = await Promise.all([cancel(t, driver, bookingId), cancel(t, driver, bookingId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().status, second.json().status]).toEqual(['cancelled', 'cancelled']);
    const made = [...fake.refunds.values()].filter((refund) => refund.metadata.bookingId === bookingId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: chargedAmount,
      currency: 'gbp',
      payment_intent: sessionId.replace('cs_', 'pi_'),
    });
    const [recorded] = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(recorded).toMatchObject({ status: 'succeeded', amount: chargedAmount, providerReference: made[0]!.id });
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.every((call) => call.headers['idempotency-key'] === `refund-${bookingId}`)).toBe(true);
    // Retried later: the same answer, no new refund.
    expect((await cancel(t, driver, bookingId)).json().status).toBe('cancelled');
    expect([...fake.refunds.values()].filter((r) => r.metadata.bookingId === bookingId)).toHaveLength(1);
  });

  it('a provider outage changes nothing (503); the next cancel refunds once', async () => {
    const { bookingId, chargedAmount } = await paidBooking(40);
    fake.control.failRefunds = true;
    try {
      const failed = await cancel(t, driver, bookingId);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      fake.control.failRefunds = false;
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'paid', cancelRequest: false, blocksCar: true });
    // Nothing recorded either: the refund is worked out again, on the locked row, by the next cancel.
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toEqual([]);
    const res = await cancel(t, driver, bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect([...fake.refunds.values()].filter((r) => r.metadata.bookingId === bookingId)).toEqual([
      expect.objectContaining({ amount: chargedAmount }),
    ]);
    expect((await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]?.status).toBe('succeeded');
  });
});

describe('refunds through the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  beforeAll(async () => {
    app = await walletApp();
  });
  afterAll(() => app.close());

  it('refunds the order’s capture in its currency, once even when cancelled again', async () => {
    const { t, fake, driver } = app;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      // Paid in full: the deposit option's payment is a hold now, released, not refunded (docs/decisions/0012).
      payload: checkoutBody({ paymentOption: 'full', currency: 'USD' } as never, 30),
    });
    const { bookingId, chargedAmount } = res.json();
    const { orderId, status } = await payByWallet(app, { ...res.json(), currency: 'USD' });
    expect(status).toBe('paid');

    const first = await cancel(t, driver, bookingId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('cancelled');
    const again = await cancel(t, driver, bookingId);
    expect(again.json().status).toBe('cancelled');
    const made = [...fake.refunds.values()];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      captureId: `CAPTURE${orderId}`,
      amount: { currency_code: 'USD', value: (chargedAmount / 100).toFixed(2) },
    });
    const [recorded] = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(recorded).toMatchObject({ provider: 'paypal', amount: chargedAmount, providerReference: made[0]!.id });
    const refundCalls = fake.requests.filter((r) => r.path.endsWith('/refund'));
    expect(refundCalls).toHaveLength(1);
  });
});
