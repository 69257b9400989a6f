import { formatMinor } from '@roam/contract/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingAmendments, bookings, notifications, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import {
  cardApp,
  cardRefundsOf,
  cardWebhook,
  changeableCardBooking,
  changeableWalletBooking,
  confirmChange as confirm,
  GOOD_CARD,
  paidAtProvider as paidAt,
  bookingRow as row,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period, bookingRow as rowOf } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A dearer change of a booking paid online in full is paid through the booking's gateway — the card
// provider (a local server speaking its protocol) or the demo card — and applies only once paid, once even when the
// return check and the webhook both confirm it; a period taken meanwhile refunds the difference once and the booking
// keeps its terms; a later cancel refunds what was really paid, from each payment at most what it took.

type Who = { cookie: string };
const amendmentsOf = (t: TestApp, id: string) =>
  t.db.select().from(bookingAmendments).where(eq(bookingAmendments.bookingId, id));
const noticesOf = async (t: TestApp, id: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.bookingId, id))).map((n) => n.kind);

describe('a dearer change of a booking paid by card', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let driver: Who;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await cardApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    ({ t, driver } = app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const paidBooking = (daysAhead: number) => changeableCardBooking(app, daysAhead);
  const refundsAt = (sessionId: string) => cardRefundsOf(app, sessionId);
  const check = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/checkout-session/${sessionId}`, headers: driver });
  const webhook = (sessionId: string) => cardWebhook(app, sessionId);
  const paidAtProvider = (sessionId: string) => paidAt(app, sessionId);

  it('waits unpaid, then applies once when the check and the webhook both confirm it; the cancel refunds both payments', async () => {
    const { id, charged, sessionId: first } = await paidBooking(30);
    const longer = period(30, 6);
    const quoted = (
      await t.app.inject({ method: 'POST', url: `/api/amendment-quote/${id}`, headers: driver, payload: longer })
    ).json();
    expect(quoted.settlement).toBe('charge');
    // update-booking does not make a change that is not paid.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/update-booking/${id}`, headers: driver, payload: longer }))
        .statusCode,
    ).toBe(409);

    const res = await confirm(t, driver, id, longer);
    expect(res.statusCode, res.body).toBe(200);
    const { amendmentId, amount, payment } = res.json();
    expect(amount).toEqual({ amount: quoted.amount.amount, currency: 'GBP' });
    expect(payment.provider).toBe('stripe');
    expect(app.fake.sessions.get(payment.sessionId)).toMatchObject({
      amount_total: quoted.amount.amount,
      currency: 'gbp',
      metadata: { bookingId: id, amendmentId },
      // The provider's page comes back to the booking, which checks the session (web change-session-result.tsx).
      success_url: expect.stringMatching(
        new RegExp(`^https?://[^/]+/booking\\?b=${id}&session=\\{CHECKOUT_SESSION_ID\\}$`),
      ),
    });
    // Not paid yet: the check says so, and the booking is unchanged.
    expect((await check(payment.sessionId)).json()).toMatchObject({ bookingId: id, payment: 'open' });
    expect(await row(t, id)).toMatchObject({
      totalAmount: charged,
      chargedAmount: charged,
      dropoffAt: new Date(period(30, 4).dropoffAt),
    });

    paidAtProvider(payment.sessionId);
    const [checked, hooked] = await Promise.all([check(payment.sessionId), webhook(payment.sessionId)]);
    expect(checked.json()).toMatchObject({ bookingId: id, payment: 'paid' });
    expect(hooked.statusCode).toBe(200);
    expect((await webhook(payment.sessionId)).statusCode).toBe(200);
    expect(await row(t, id)).toMatchObject({
      dropoffAt: new Date(longer.dropoffAt),
      totalAmount: quoted.after.amount,
      chargedAmount: quoted.after.amount,
    });
    expect((await amendmentsOf(t, id)).map((a) => a.status)).toEqual(['applied']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((entry) => entry.action)).toEqual(['update']);
    const notices = await noticesOf(t, id);
    expect(notices.filter((kind) => kind === 'bookingChanged')).toHaveLength(1);
    expect(notices.filter((kind) => kind === 'driverChangedBooking')).toHaveLength(1);

    // The free cancel refunds the total, from each payment at most what it took, each once even when asked again.
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers: driver });
    expect((await cancel()).json().status).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(200);
    expect(refundsAt(first).map((r) => r.amount)).toEqual([charged]);
    expect(refundsAt(payment.sessionId).map((r) => r.amount)).toEqual([quoted.amount.amount]);
    const recorded = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(recorded.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('a period taken between confirming and paying: refunded once, the booking keeps its terms', async () => {
    const { id, charged } = await paidBooking(60);
    const longer = period(60, 7);
    const { payment, amendmentId, amount } = (await confirm(t, driver, id, longer)).json();
    // Another driver's booking takes the last day meanwhile.
    const taken = period(60 + 6, 1);
    await t.db.insert(bookings).values(rowOf(taken, { driverId: DEMO_IDS.users.driver2 }));
    paidAtProvider(payment.sessionId);
    const [checked, hooked] = await Promise.all([check(payment.sessionId), webhook(payment.sessionId)]);
    expect(checked.json()).toMatchObject({ bookingId: id, payment: 'refund' });
    expect(hooked.statusCode).toBe(200);
    expect((await check(payment.sessionId)).json()).toMatchObject({ payment: 'refund' });
    expect(refundsAt(payment.sessionId)).toEqual([expect.objectContaining({ amount: amount.amount })]);
    expect(await row(t, id)).toMatchObject({
      totalAmount: charged,
      chargedAmount: charged,
      dropoffAt: new Date(period(60, 4).dropoffAt),
    });
    expect((await amendmentsOf(t, id)).map((a) => [a.id, a.status])).toEqual([[amendmentId, 'refunded']]);
    // The driver is told once — though the check and the webhook both confirmed it — why, and what comes back.
    const told = await t.db.select().from(notifications).where(eq(notifications.bookingId, id));
    expect(told.filter((n) => n.kind === 'changeNotMade').map((n) => [n.userId, n.params])).toEqual([
      [
        DEMO_IDS.users.driver,
        { car: 'Renault Clio', reason: 'taken', refundAmount: amount.amount, refundCurrency: 'GBP' },
      ],
    ]);
    const { reference } = await row(t, id);
    const mails = () =>
      smtp.received.filter((mail) => smtp.textOf(mail).includes(`paid for to booking ${reference} (`));
    await expect.poll(() => mails().length).toBe(1);
    expect(mails()[0]!.to).toEqual([DEMO_ACCOUNTS.driver.email]);
    const text = Buffer.from(smtp.textOf(mails()[0]!), 'latin1').toString('utf8');
    expect(text).toContain('could not be made: the car is no longer free for those days.');
    expect(text).toContain(
      `Refund: ${formatMinor(amount.amount, 'GBP', 'en')}, to the card or account you paid with. It usually arrives within 5 to 10 days.`,
    );
  });

  it('refuses a change with nothing to pay, the pick-up place, an operator, and another driver', async () => {
    const { id } = await paidBooking(90);
    expect((await confirm(t, driver, id, period(90, 3))).statusCode).toBe(409);
    expect((await confirm(t, driver, id, { pickupLocationId: DEMO_IDS.locations.parisOrly })).statusCode).toBe(403);
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    expect((await confirm(t, supplier, id, period(90, 6))).statusCode).toBe(403);
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    expect((await confirm(t, other, id, period(90, 6))).statusCode).toBe(404);
    expect(await amendmentsOf(t, id)).toEqual([]);
  });
});

describe('a dearer change paid by the demo card', () => {
  let t: TestApp;
  let driver: Who;
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  it('a declined card changes nothing; the good card applies it once, even sent twice', async () => {
    const payload = checkoutBody(
      { paymentOption: 'full', extras: { amendments: true }, ...period(30, 4) } as never,
      30,
    );
    const { bookingId: id, chargedAmount } = (
      await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload })
    ).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${id}`,
      headers: driver,
      payload: GOOD_CARD,
    });
    expect(paid.json().payment).toBe('paid');
    const longer = period(30, 5);
    const res = await confirm(t, driver, id, longer);
    expect(res.statusCode, res.body).toBe(200);
    const { amendmentId, amount, payment } = res.json();
    expect(payment).toEqual({ provider: 'demo', testMode: true });
    const pay = (card: object, who: Who = driver) =>
      t.app.inject({ method: 'POST', url: `/api/pay-amendment/${id}/${amendmentId}`, headers: who, payload: card });
    const declined = await pay({ ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    expect((await pay(GOOD_CARD, other)).statusCode).toBe(404);
    expect((await row(t, id)).totalAmount).toBe(chargedAmount);
    const [a, b] = await Promise.all([pay(GOOD_CARD), pay(GOOD_CARD)]);
    expect([a.json().payment, b.json().payment]).toEqual(['paid', 'paid']);
    expect(await row(t, id)).toMatchObject({
      dropoffAt: new Date(longer.dropoffAt),
      chargedAmount: chargedAmount + amount.amount,
      totalAmount: chargedAmount + amount.amount,
    });
    expect((await noticesOf(t, id)).filter((kind) => kind === 'bookingChanged')).toHaveLength(1);
  });
});

describe('a dearer change of a booking paid by the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  beforeAll(async () => {
    app = await walletApp();
  });
  afterAll(() => app.close());

  it('paid by a wallet order of the difference: applied once even when checked twice; the cancel refunds both captures', async () => {
    const { t, driver, fake } = app;
    const { bookingId, chargedAmount, orderId: first } = await changeableWalletBooking(app, 30);
    const longer = period(30, 6);
    const confirmed = await confirm(t, driver, bookingId, longer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { amendmentId, amount, payment } = confirmed.json();
    expect(payment).toBeNull();
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/amendment-paypal-order/${bookingId}/${amendmentId}`,
      headers: driver,
    });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId } = order.json();
    const checkOrder = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/check-amendment-paypal-order/${bookingId}/${amendmentId}/${orderId}`,
        headers: driver,
      });
    // Not approved yet: nothing changes.
    expect((await checkOrder()).statusCode).toBe(402);
    expect((await row(t, bookingId)).chargedAmount).toBe(chargedAmount);
    fake.orders.get(orderId)!.status = 'APPROVED';
    expect((await checkOrder()).json()).toMatchObject({ bookingId, payment: 'paid' });
    expect((await checkOrder()).json()).toMatchObject({ bookingId, payment: 'paid' });
    expect(await row(t, bookingId)).toMatchObject({
      dropoffAt: new Date(longer.dropoffAt),
      chargedAmount: chargedAmount + amount.amount,
    });
    expect((await noticesOf(t, bookingId)).filter((kind) => kind === 'bookingChanged')).toHaveLength(1);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/cancel-booking/${bookingId}`, headers: driver })).json().status,
    ).toBe('cancelled');
    const made = [...fake.refunds.values()].map((refund) => [refund.captureId, refund.amount.value]);
    expect(made.sort()).toEqual(
      [
        [`CAPTURE${first}`, (chargedAmount / 100).toFixed(2)],
        [`CAPTURE${orderId}`, (amount.amount / 100).toFixed(2)],
      ].sort(),
    );
  });
});
