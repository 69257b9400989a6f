import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAmendments, bookings, notifications } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import {
  bookingRow,
  cardApp,
  cardRefundsOf,
  cardWebhook,
  changeableCardBooking,
  changeableWalletBooking,
  confirmChange,
  GOOD_CARD,
  paidAtProvider,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period, bookingRow as rowOf } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { expireUnpaidChanges } from './amendment-payments.service.ts';

// A dearer change waits 31 minutes for its difference to be paid; the periodic sweep then marks it
// expired, in one statement, so no change waits forever. A payment that still arrives after the sweep (the card
// provider's session completed at the last moment, its webhook late) is handled as one in time: applied when the
// booking is as it was and its days are free, refunded once otherwise — never kept without the change.

type Who = { cookie: string };

/** The change's payment window closed a minute ago. */
const lapsed = (t: TestApp, amendmentId: string) =>
  t.db
    .update(bookingAmendments)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(bookingAmendments.id, amendmentId));
/** `POST /api/amendment-payment/{id}` of the booking made 6 days long, which must open the payment. */
async function confirmLonger(t: TestApp, driver: Who, id: string, daysAhead: number) {
  const res = await confirmChange(t, driver, id, period(daysAhead, 6));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { amendmentId: string; amount: { amount: number }; payment: { sessionId: string } | null };
}

describe('a dearer change not paid in time', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let driver: Who;
  beforeAll(async () => {
    app = await cardApp();
    ({ t, driver } = app);
  });
  afterAll(() => app.close());

  const row = (id: string) => bookingRow(t, id);
  const statusOf = async (amendmentId: string) =>
    (await t.db.select().from(bookingAmendments).where(eq(bookingAmendments.id, amendmentId)))[0]!.status;
  const check = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/checkout-session/${sessionId}`, headers: driver });
  const refundsAt = (sessionId: string) => cardRefundsOf(app, sessionId);
  /** A dearer change of a booking paid by card, confirmed: its amendment and the card session of its difference. */
  async function dearerChange(daysAhead: number) {
    const booking = await changeableCardBooking(app, daysAhead);
    const longer = period(daysAhead, 6);
    const { amendmentId, amount, payment } = await confirmLonger(t, driver, booking.id, daysAhead);
    return { ...booking, longer, amendmentId, amount: amount.amount, sessionId: payment!.sessionId };
  }
  const lapse = (amendmentId: string) => lapsed(t, amendmentId);

  it('the sweep expires only the changes past their window; unpaid, the change is gone and the booking kept', async () => {
    const lapsed = await dearerChange(30);
    const waiting = await dearerChange(40);
    const paid = await dearerChange(50);
    paidAtProvider(app, paid.sessionId);
    expect((await check(paid.sessionId)).json().payment).toBe('paid');
    await lapse(lapsed.amendmentId);
    await lapse(paid.amendmentId);

    expect(await expireUnpaidChanges(t.app.context)).toBe(1);
    expect(await statusOf(lapsed.amendmentId)).toBe('expired');
    expect(await statusOf(waiting.amendmentId)).toBe('pending');
    expect(await statusOf(paid.amendmentId)).toBe('applied');
    expect(await expireUnpaidChanges(t.app.context)).toBe(0);
    // The driver's return check says it failed; the booking is as it was.
    expect((await check(lapsed.sessionId)).json()).toMatchObject({ bookingId: lapsed.id, payment: 'failed' });
    expect(await row(lapsed.id)).toMatchObject({ totalAmount: lapsed.charged, chargedAmount: lapsed.charged });
  });

  it('paid at the last moment, its webhook after the sweep: applied once, the booking as it was and its days free', async () => {
    const change = await dearerChange(60);
    await lapse(change.amendmentId);
    await expireUnpaidChanges(t.app.context);
    expect(await statusOf(change.amendmentId)).toBe('expired');

    paidAtProvider(app, change.sessionId);
    const [first, second] = await Promise.all([cardWebhook(app, change.sessionId), cardWebhook(app, change.sessionId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await check(change.sessionId)).json()).toMatchObject({ bookingId: change.id, payment: 'paid' });
    expect(await statusOf(change.amendmentId)).toBe('applied');
    expect(await row(change.id)).toMatchObject({
      dropoffAt: new Date(change.longer.dropoffAt),
      chargedAmount: change.charged + change.amount,
    });
    expect(refundsAt(change.sessionId)).toEqual([]);
  });

  it('paid at the last moment, its days taken after the sweep: refunded once, the driver told, the booking kept', async () => {
    const change = await dearerChange(90);
    await lapse(change.amendmentId);
    await expireUnpaidChanges(t.app.context);
    await t.db.insert(bookings).values(rowOf(period(90 + 5, 1), { driverId: DEMO_IDS.users.driver2 }));

    paidAtProvider(app, change.sessionId);
    const [hooked, checked] = await Promise.all([cardWebhook(app, change.sessionId), check(change.sessionId)]);
    expect(hooked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ bookingId: change.id, payment: 'refund' });
    expect((await cardWebhook(app, change.sessionId)).statusCode).toBe(200);
    expect(await statusOf(change.amendmentId)).toBe('refunded');
    expect(refundsAt(change.sessionId).map((refund) => refund.amount)).toEqual([change.amount]);
    expect(await row(change.id)).toMatchObject({ totalAmount: change.charged, chargedAmount: change.charged });
    const told = await t.db.select().from(notifications).where(eq(notifications.bookingId, change.id));
    expect(told.filter((n) => n.kind === 'changeNotMade')).toHaveLength(1);
  });
});

describe('a change expired before the driver paid by the wallet or the demo card', () => {
  it('the wallet opens no order of it, and the demo card pays it no more, even a good card', async () => {
    const wallet = await walletApp();
    try {
      const { bookingId } = await changeableWalletBooking(wallet, 30);
      // The booking's own orders (its payment, and the deposit held beside it on the vault): the change adds none.
      const orders = wallet.fake.orders.size;
      const { amendmentId } = await confirmLonger(wallet.t, wallet.driver, bookingId, 30);
      await lapsed(wallet.t, amendmentId);
      await expireUnpaidChanges(wallet.t.app.context);
      const order = await wallet.t.app.inject({
        method: 'POST',
        url: `/api/amendment-paypal-order/${bookingId}/${amendmentId}`,
        headers: wallet.driver,
      });
      expect(order.statusCode).toBe(409);
      expect(order.json().message).toBe('This change waited too long for its payment. Ask for it again.');
      expect(wallet.fake.orders.size).toBe(orders);
    } finally {
      await wallet.close();
    }

    const t = await createTestApp();
    try {
      const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
      const payload = checkoutBody(
        { paymentOption: 'full', extras: { amendments: true }, ...period(30, 4) } as never,
        30,
      );
      const { bookingId: id } = (
        await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload })
      ).json();
      await t.app.inject({ method: 'POST', url: `/api/demo-payment/${id}`, headers: driver, payload: GOOD_CARD });
      const { amendmentId } = await confirmLonger(t, driver, id, 30);
      await lapsed(t, amendmentId);
      await expireUnpaidChanges(t.app.context);
      for (const cardNumber of [GOOD_CARD.cardNumber, '4000 0000 0000 0002']) {
        const late = await t.app.inject({
          method: 'POST',
          url: `/api/pay-amendment/${id}/${amendmentId}`,
          headers: driver,
          payload: { ...GOOD_CARD, cardNumber },
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe('This change waited too long for its payment. Ask for it again.');
      }
      const [amendment] = await t.db.select().from(bookingAmendments).where(eq(bookingAmendments.id, amendmentId));
      expect(amendment!.status).toBe('expired');
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(booking!.dropoffAt).toEqual(new Date(period(30, 4).dropoffAt));
    } finally {
      await t.close();
    }
  });
});
