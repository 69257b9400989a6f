import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import {
  cardApp,
  cardRefundsOf,
  cardWebhook,
  changeableCardBooking,
  changeableWalletBooking,
  confirmChange,
  paidAtProvider,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import type { TestApp } from '#test/test-app.ts';

// A cheaper change after a paid dearer one refunds across the booking's payments as a cancellation
// does — the dearer change's difference first, then the original payment, never more from a payment than it took —
// each part once under its own key, even when the change is sent twice at once and again. Against the local card
// provider and wallet provider, which record each refund against the payment intent / capture it was made from (and,
// like the real ones, refuse a refund beyond what a payment took). The operator's decision on a cancellation so split
// shows its one total.

type Who = { cookie: string };

/** 4 days → 10 days (the difference paid) → 1 day: the refund is more than the original payment took. */
const LONGER = 10;
const SHORTER = 1;

async function changeTwiceAtOnce(t: TestApp, driver: Who, id: string, payload: object) {
  const send = () => t.app.inject({ method: 'POST', url: `/api/update-booking/${id}`, headers: driver, payload });
  const both = await Promise.all([send(), send()]);
  expect(
    both.map((res) => res.statusCode),
    both.map((res) => res.body).join('\n'),
  ).toEqual([200, 200]);
  expect((await send()).statusCode).toBe(200);
}

async function expectRecorded(t: TestApp, id: string, total: number) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  const recorded = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
  expect(recorded.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  expect(recorded.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
  return booking!;
}

describe('a cheaper change after a dearer one paid by card', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let driver: Who;
  beforeAll(async () => {
    app = await cardApp();
    ({ t, driver } = app);
  });
  afterAll(() => app.close());

  const refundsAt = (sessionId: string) => cardRefundsOf(app, sessionId).map((refund) => refund.amount);

  it("refunds the difference's payment first, then the rest from the original, each once", async () => {
    const { id, charged, sessionId: first } = await changeableCardBooking(app, 30);
    const confirmed = await confirmChange(t, driver, id, period(30, LONGER));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { amount, payment } = confirmed.json();
    paidAtProvider(app, payment.sessionId);
    expect((await cardWebhook(app, payment.sessionId)).statusCode).toBe(200);
    const difference: number = amount.amount;

    const shorter = period(30, SHORTER);
    const quoted = (
      await t.app.inject({ method: 'POST', url: `/api/amendment-quote/${id}`, headers: driver, payload: shorter })
    ).json();
    expect(quoted.settlement).toBe('refund');
    const refund: number = quoted.amount.amount;
    // More than the original payment took: it cannot all come from it.
    expect(refund).toBeGreaterThan(charged);
    await changeTwiceAtOnce(t, driver, id, shorter);

    expect(refundsAt(payment.sessionId)).toEqual([difference]);
    expect(refundsAt(first)).toEqual([refund - difference]);
    const booking = await expectRecorded(t, id, refund);
    expect(booking).toMatchObject({ totalAmount: quoted.after.amount, chargedAmount: charged + difference - refund });
  });

  it("the operator's decision on a cancellation split across both payments shows its one total, also when asked again", async () => {
    // The Clio sells its cancellation cover (not bought): the driver's cancel is a request; a day's price is kept.
    const [clio] = await t.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    await t.db.update(cars).set({ cancellation: 1500 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    try {
      const { id, charged, sessionId: first } = await changeableCardBooking(app, 120);
      const confirmed = await confirmChange(t, driver, id, period(120, 6));
      const { amount, payment } = confirmed.json();
      paidAtProvider(app, payment.sessionId);
      expect((await cardWebhook(app, payment.sessionId)).statusCode).toBe(200);
      const cancel = await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers: driver });
      expect(cancel.json().cancelRequest).toBe(true);

      const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
      const approve = () => t.app.inject({ method: 'POST', url: `/api/approve-cancellation/${id}`, headers: supplier });
      const decided = await approve();
      expect(decided.statusCode, decided.body).toBe(200);
      // The difference's payment all back, the rest from the original: two refunds, one amount shown.
      const fromDifference = refundsAt(payment.sessionId);
      const fromOriginal = refundsAt(first);
      expect(fromDifference).toEqual([amount.amount]);
      expect(fromOriginal).toHaveLength(1);
      expect(fromOriginal[0]).toBeLessThan(charged);
      const total = fromDifference[0]! + fromOriginal[0]!;
      expect(decided.json()).toMatchObject({ status: 'cancelled', refund: { amount: total, currency: 'GBP' } });
      // Asked again (a retry, a second click): the decision as it was made, nothing refunded again.
      expect((await approve()).json()).toEqual(decided.json());
      expect([...refundsAt(payment.sessionId), ...refundsAt(first)]).toHaveLength(2);
    } finally {
      await t.db.update(cars).set({ cancellation: clio!.cancellation }).where(eq(cars.id, DEMO_IDS.cars.clio));
    }
  });
});

describe('a cheaper change after a dearer one paid by the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  beforeAll(async () => {
    app = await walletApp();
  });
  afterAll(() => app.close());

  it("refunds the difference's capture first, then the rest from the original capture, each once", async () => {
    const { t, driver, fake } = app;
    const { bookingId: id, chargedAmount: charged, orderId: first } = await changeableWalletBooking(app, 30);
    const send = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: driver, ...(payload ? { payload } : {}) });
    const { amendmentId, amount } = (await send(`/api/amendment-payment/${id}`, period(30, LONGER))).json();
    const { orderId } = (await send(`/api/amendment-paypal-order/${id}/${amendmentId}`)).json();
    fake.orders.get(orderId)!.status = 'APPROVED';
    expect((await send(`/api/check-amendment-paypal-order/${id}/${amendmentId}/${orderId}`)).json().payment).toBe(
      'paid',
    );
    const difference: number = amount.amount;

    const shorter = period(30, SHORTER);
    const refund: number = (await send(`/api/amendment-quote/${id}`, shorter)).json().amount.amount;
    expect(refund).toBeGreaterThan(charged);
    await changeTwiceAtOnce(t, driver, id, shorter);

    const made = [...fake.refunds.values()].map((r) => [r.captureId, r.amount.value]);
    expect(made.sort()).toEqual(
      [
        [`CAPTURE${orderId}`, (difference / 100).toFixed(2)],
        [`CAPTURE${first}`, ((refund - difference) / 100).toFixed(2)],
      ].sort(),
    );
    await expectRecorded(t, id, refund);
  });
});
