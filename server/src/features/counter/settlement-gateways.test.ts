import type { CounterBooking } from '@roam/contract/counter.schema';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, payByCard, payByWallet, walletApp } from '#server/features/payments/payments.test-helpers.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import type { TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, parisAt, setClock } from './counter.test-helpers.ts';

// The payment link of a returned rental's balance paid through the booking's own gateway, each against its local
// server (server/test/fake-providers.ts) — the card provider's Checkout Session and the wallet's order — as the
// customer does it from the e-mailed link (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"):
// the ledger records the payment once, the balance is 0 and the rental closes. The demo card's path is
// settlement-online.test.ts.

const DAY = 24 * 3600_000;
const TOLL = 2500;

/** Checked out, returned two days later with a toll of 2500 owed, and the link e-mailed: its grant's headers. */
async function returnedAndLinked(
  t: TestApp,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  id: string,
  daysAhead: number,
) {
  const desk = await signIn(t.db, DEMO_IDS.users.supplier);
  const call = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: desk, ...(payload ? { payload } : {}) });
  setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
  expect((await call(`/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
  setClock(t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
  const back = await call(`/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
  expect(back.statusCode, back.body).toBe(200);
  expect((await call(`/api/add-charge/${id}`, { kind: 'toll', amount: TOLL, note: 'A6' })).statusCode).toBe(200);
  const sent = smtp.received.length;
  const link = await call(`/api/send-balance-link/${id}`);
  expect(link.statusCode, link.body).toBe(200);
  const mail = smtp.received.slice(sent).find((m) => m.to.includes('driver@roam.localhost'));
  const token = /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec((await simpleParser(mail!.raw)).text ?? '')?.[1];
  const opened = await t.app.inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } });
  expect(opened.statusCode, opened.body).toBe(200);
  const grant = opened.cookies.find((cookie) => cookie.name === BOOKING_GRANT_COOKIE)!.value;
  return { desk, call, headers: { cookie: `${BOOKING_GRANT_COOKIE}=${grant}` } };
}

/** Recorded once in the ledger, the balance 0, then closed. */
async function settledAndClosed(
  t: TestApp,
  desk: { cookie: string },
  id: string,
  provider: 'stripe' | 'paypal',
  reference: string,
) {
  const taken = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, id), eq(payments.purpose, 'return_charges')));
  expect(taken).toMatchObject([
    { kind: 'charge', provider, providerReference: reference, amount: TOLL, status: 'succeeded' },
  ]);
  const view = await t.app.inject({ method: 'GET', url: `/api/counter-booking/${id}`, headers: desk });
  expect((view.json() as CounterBooking).balance).toMatchObject({ charges: TOLL, due: 0, excess: 0 });
  const closed = await t.app.inject({ method: 'POST', url: `/api/close-booking/${id}`, headers: desk });
  expect(closed.statusCode, closed.body).toBe(200);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  expect(row!.status).toBe('closed');
}

describe('the balance link paid by the card provider', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await cardApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("pays the charges at return by a Checkout Session of the booking's gateway, recorded once; then closes", async () => {
    const { t, fake } = app;
    const carId = await insertCar(t);
    const { bookingId: id } = await payByCard(app, checkoutBody({ carId, paymentOption: 'full' } as never, 70));
    const { desk, headers } = await returnedAndLinked(t, smtp, id, 70);

    const opened = await t.app.inject({ method: 'POST', url: `/api/balance-payment/${id}`, headers });
    expect(opened.statusCode, opened.body).toBe(200);
    const { payment } = opened.json();
    expect(payment.provider).toBe('stripe');
    expect(fake.sessions.get(payment.sessionId)).toMatchObject({
      amount_total: TOLL,
      currency: 'eur',
      metadata: { bookingId: id },
    });
    const check = () => t.app.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}`, headers });
    // Not paid at the provider yet: nothing recorded, still due.
    expect((await check()).json()).toMatchObject({ bookingId: id, payment: 'open' });
    expect((await t.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers })).json()).toMatchObject({
      amounts: { due: TOLL },
    });
    Object.assign(fake.sessions.get(payment.sessionId)!, { status: 'complete', payment_status: 'paid' });
    // The customer's return to the page checks it; checked again (a reload), it is recorded once.
    expect((await check()).json()).toMatchObject({ bookingId: id, payment: 'paid' });
    expect((await check()).json()).toMatchObject({ bookingId: id, payment: 'paid' });
    await settledAndClosed(t, desk, id, 'stripe', payment.sessionId);
  });
});

describe('the balance link paid by the wallet provider', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await walletApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("pays the charges at return by a wallet order of the booking's gateway, recorded once; then closes", async () => {
    const { t, fake } = app;
    const carId = await insertCar(t);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: app.driver,
      payload: checkoutBody({ carId, paymentOption: 'full' } as never, 75),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { status } = await payByWallet(app, { ...booked.json(), currency: 'EUR' });
    expect(status).toBe('paid');
    const id: string = booked.json().bookingId;
    const { desk, headers } = await returnedAndLinked(t, smtp, id, 75);

    const opened = await t.app.inject({ method: 'POST', url: `/api/balance-payment/${id}`, headers });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ amount: { amount: TOLL, currency: 'EUR' }, payment: null });
    const { amendmentId } = opened.json();
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/amendment-paypal-order/${id}/${amendmentId}`,
      headers,
    });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId } = order.json();
    expect(fake.orders.get(orderId)).toMatchObject({ intent: 'CAPTURE' });
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/check-amendment-paypal-order/${id}/${amendmentId}/${orderId}`,
        headers,
      });
    // Not approved by the customer yet: nothing taken.
    expect((await check()).statusCode).toBe(402);
    fake.orders.get(orderId)!.status = 'APPROVED';
    expect((await check()).json()).toMatchObject({ bookingId: id, payment: 'paid' });
    expect((await check()).json()).toMatchObject({ bookingId: id, payment: 'paid' });
    await settledAndClosed(t, desk, id, 'paypal', orderId);
  });
});
