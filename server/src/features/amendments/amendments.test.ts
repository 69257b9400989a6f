import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import {
  cardApp,
  changeableWalletBooking,
  payByCard,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period, bookingRow as rowOf } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A driver changes their booking where the car's terms allow it (the Clio's amendments bought);
// the change is quoted and re-priced with the checkout's rules at the booking's own rate, and a cheaper change of a
// booking paid online in full is refunded through its gateway — the card provider's Refunds API, the wallet
// provider's capture refund, each a local server speaking the provider's protocol — once even when retried. The
// supplier is told of the change and of the driver's free cancellation.

type Who = { cookie: string };
const quote = (t: TestApp, who: Who, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/amendment-quote/${id}`, headers: who, payload });
const change = (t: TestApp, who: Who, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/update-booking/${id}`, headers: who, payload });
const kinds = async (t: TestApp, bookingId: string, userId: string) =>
  (
    await t.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.userId, userId)))
  ).map((row) => row.kind);
const row = async (t: TestApp, id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('changing a booking paid by card', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof cardApp>>['fake'];
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let driver: Who;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await cardApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    ({ t, fake, driver } = app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** The Clio for 4 days, amendments bought, paid in full by card in GBP. */
  async function paidBooking(daysAhead: number) {
    const extras = { amendments: true };
    const payload = checkoutBody(
      { paymentOption: 'full', currency: 'GBP', extras, ...period(daysAhead, 4) } as never,
      daysAhead,
    );
    const { bookingId, chargedAmount } = await payByCard(app, payload);
    return { id: bookingId, charged: chargedAmount };
  }
  const refundsOf = (id: string) => [...fake.refunds.values()].filter((refund) => refund.metadata.bookingId === id);

  it('a shorter rental: quoted, refunded once at the card provider even when sent twice at once and again; the cancel refunds the rest', async () => {
    const { id, charged } = await paidBooking(30);
    const shorter = period(30, 3);
    const quoted = await quote(t, driver, id, shorter);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json();
    // 4 days (3-day rate + 1 day) → 3 days: one day less, in GBP at the booking's rate.
    expect(q).toMatchObject({ before: { amount: charged, currency: 'GBP' }, settlement: 'refund' });
    expect(q.after.amount).toBeLessThan(charged);
    expect(q.amount.amount).toBe(charged - q.after.amount);
    expect(q.difference.amount).toBe(-q.amount.amount);
    // Nothing changed by the quote.
    expect((await row(t, id)).totalAmount).toBe(charged);

    const [first, second] = await Promise.all([change(t, driver, id, shorter), change(t, driver, id, shorter)]);
    expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([200, 200]);
    expect(first.json().amounts).toMatchObject({ total: q.after.amount, payNow: q.after.amount });
    expect((await change(t, driver, id, shorter)).statusCode).toBe(200);
    expect(refundsOf(id)).toEqual([expect.objectContaining({ amount: q.amount.amount, currency: 'gbp' })]);
    expect(await row(t, id)).toMatchObject({
      pickupAt: new Date(shorter.pickupAt),
      dropoffAt: new Date(shorter.dropoffAt),
      totalAmount: q.after.amount,
      chargedAmount: q.after.amount,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((entry) => entry.action)).toEqual(['update']);
    expect(audit[0]!.changes).toMatchObject({ refund: { after: { amount: q.amount.amount, currency: 'GBP' } } });
    expect(await kinds(t, id, DEMO_IDS.users.driver)).toContain('bookingChanged');
    expect(await kinds(t, id, DEMO_IDS.users.supplier)).toContain('driverChangedBooking');
    // The driver's e-mail says the amount refunded.
    await expect
      .poll(() => smtp.received.map((mail) => smtp.textOf(mail)).find((text) => text.includes('is changed.')) ?? '')
      .toContain('Refund:');

    // The free cancel refunds what is left, under its own key: two refunds, together what was paid.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers: driver });
    expect(cancelled.json().status).toBe('cancelled');
    expect(
      refundsOf(id)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([q.amount.amount, q.after.amount].sort());
    expect((await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).map((r) => r.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    expect(await kinds(t, id, DEMO_IDS.users.supplier)).toContain('driverCancelled');
  });

  it('a card provider outage changes nothing (503); the next call refunds once', async () => {
    const { id, charged } = await paidBooking(45);
    const shorter = period(45, 3);
    fake.control.failRefunds = true;
    try {
      const failed = await change(t, driver, id, shorter);
      expect(failed.statusCode).toBe(503);
    } finally {
      fake.control.failRefunds = false;
    }
    expect(await row(t, id)).toMatchObject({ totalAmount: charged, chargedAmount: charged });
    expect((await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).length).toBe(0);
    expect((await change(t, driver, id, shorter)).statusCode).toBe(200);
    expect(refundsOf(id)).toHaveLength(1);
  });
});

describe('changing a booking paid by the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  beforeAll(async () => {
    app = await walletApp();
  });
  afterAll(() => app.close());

  it('refunds the difference from the order’s capture once, even when retried', async () => {
    const { t, fake, driver } = app;
    const { bookingId, orderId, status } = await changeableWalletBooking(app, 30);
    expect(status).toBe('paid');
    const shorter = period(30, 3);
    const q = (await quote(t, driver, bookingId, shorter)).json();
    expect(q.settlement).toBe('refund');
    expect((await change(t, driver, bookingId, shorter)).statusCode).toBe(200);
    expect((await change(t, driver, bookingId, shorter)).statusCode).toBe(200);
    const made = [...fake.refunds.values()];
    expect(made).toEqual([
      expect.objectContaining({
        captureId: `CAPTURE${orderId}`,
        amount: { currency_code: 'USD', value: (q.amount.amount / 100).toFixed(2) },
      }),
    ]);
    expect(fake.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
  });
});

describe('changing a pay-later booking', () => {
  let t: TestApp;
  let driver: Who;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ extras: { amendments: true } } as never, 20),
    });
    id = res.json().bookingId;
  });
  afterAll(() => t.close());

  it('applies at once, the difference due at the counter, the drop-off place too', async () => {
    const longer = { ...period(20, 4), dropoffLocationId: DEMO_IDS.locations.parisOrly };
    const q = (await quote(t, driver, id, longer)).json();
    expect(q.settlement).toBe('counter');
    expect(q.difference.amount).toBeGreaterThan(0);
    const res = await change(t, driver, id, longer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amounts).toMatchObject({ total: q.after.amount, payNow: 0, payAtPickup: q.after.amount });
    expect(res.json().dropoffLocation._id).toBe(DEMO_IDS.locations.parisOrly);
  });

  it('refuses an overlap (quote and change), a period the rules refuse, and the pick-up place', async () => {
    const taken = period(40, 2);
    await t.db.insert(bookings).values(rowOf(taken, { driverId: DEMO_IDS.users.driver2 }));
    for (const call of [quote, change]) {
      const res = await call(t, driver, id, taken);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CAR_UNAVAILABLE');
    }
    const past = { pickupAt: new Date(Date.now() - 3600_000).toISOString(), dropoffAt: period(20, 4).dropoffAt };
    const refused = await quote(t, driver, id, past);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    const place = await quote(t, driver, id, { pickupLocationId: DEMO_IDS.locations.parisOrly });
    expect(place.statusCode).toBe(403);
    expect((await row(t, id)).dropoffAt).toEqual(new Date(period(20, 4).dropoffAt));
  });
  it('races: two different changes at once — one after the other or one refused, never a mix; a change against another customer’s checkout of the same days — one wins', async () => {
    // Each is decided on the locked row: one after the other (the second on top of the first), or the second refused
    // because the row changed under it — never a mix of the two, never a price that is not the period's.
    const five = period(20, 5);
    const six = period(20, 6);
    const [a, b] = await Promise.all([change(t, driver, id, five), change(t, driver, id, six)]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    for (const res of [a, b]) expect([200, 409]).toContain(res.statusCode);
    const after = await row(t, id);
    const final = [five, six].find((p) => new Date(p.dropoffAt).getTime() === after.dropoffAt.getTime());
    expect(final).toBeDefined();
    expect((await quote(t, driver, id, final!)).json()).toMatchObject({
      settlement: 'none',
      after: { amount: after.totalAmount },
    });

    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const target = period(60, 3);
    const [moved, booked] = await Promise.all([
      change(t, driver, id, target),
      t.app.inject({ method: 'POST', url: '/api/checkout', headers: other, payload: checkoutBody({}, 60) }),
    ]);
    expect([moved.statusCode === 200, booked.statusCode === 201].filter(Boolean)).toHaveLength(1);
    const loser = moved.statusCode === 200 ? booked : moved;
    expect(loser.statusCode).toBe(409);
    expect(loser.json().code).toBe('CAR_UNAVAILABLE');
  });
});
