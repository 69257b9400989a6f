import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { bookings, notifications } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { startFakePaypal, startFakeStripe } from '#test/fake-providers.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Shared by the payments slice's tests, one file per gateway (not loaded by the server).

export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  cardholder: 'Camille Martin',
};

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function notificationCount(t: TestApp, bookingId: string) {
  const [row] = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.bookingId, bookingId));
  return row!.n;
}

/** The Clio checkout of `checkoutBody` with these choices, as `driver`. */
export const postCheckout = (
  t: TestApp,
  driver: { cookie: string },
  choices: { paymentOption: string; currency?: string },
  daysAhead: number,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: driver,
    payload: checkoutBody(choices as never, daysAhead),
  });

/** A booking made by `postCheckout`, which must succeed. */
export async function bookOnline(
  t: TestApp,
  driver: { cookie: string },
  choices: { paymentOption: string; currency?: string },
  daysAhead: number,
) {
  const res = await postCheckout(t, driver, choices, daysAhead);
  expect(res.statusCode).toBe(201);
  return res.json();
}

/**
 * A test app whose wallet provider is a local PayPal server (with `config` added), and the demo driver signed in;
 * `close` ends both.
 */
export async function walletApp(config: Record<string, string> = {}) {
  const fake = await startFakePaypal('pp-client', 'pp-secret');
  const t = await createTestApp({
    ...config,
    PAYPAL_CLIENT_ID: 'pp-client',
    PAYPAL_CLIENT_SECRET: 'pp-secret',
    PAYPAL_API_BASE: fake.base,
  });
  const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  const close = async () => {
    await t.close();
    await fake.close();
  };
  return { t, fake, driver, close };
}

/** Pays `bookingId` by the wallet: the order created, approved at the provider, captured by the check. */
export async function payByWallet(
  app: Awaited<ReturnType<typeof walletApp>>,
  booking: { bookingId: string; chargedAmount: number; currency: string },
) {
  const { t, fake, driver } = app;
  const { bookingId, chargedAmount, currency } = booking;
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/create-paypal-order/',
    headers: driver,
    payload: { bookingId, amount: chargedAmount / 100, currency, name: 'Renault Clio', description: 'x' },
  });
  const { orderId } = order.json();
  fake.orders.get(orderId)!.status = 'APPROVED';
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/check-paypal-order/${bookingId}/${orderId}`,
    headers: driver,
  });
  return { orderId: orderId as string, status: paid.json().status as string };
}

/** The Clio for 4 days from `daysAhead`, amendments bought, booked in full in USD and paid by the wallet. */
export async function changeableWalletBooking(app: Awaited<ReturnType<typeof walletApp>>, daysAhead: number) {
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: app.driver,
    payload: checkoutBody(
      { paymentOption: 'full', currency: 'USD', extras: { amendments: true }, ...period(daysAhead, 4) } as never,
      daysAhead,
    ),
  });
  const booking = { ...res.json(), currency: 'USD' };
  const { orderId, status } = await payByWallet(app, booking);
  return { bookingId: booking.bookingId as string, chargedAmount: booking.chargedAmount as number, orderId, status };
}

/** A test app whose card provider is a local Stripe server (with `config` added), the demo driver signed in. */
export async function cardApp(config: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    ...config,
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_BASE: fake.base,
  });
  const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  const close = async () => {
    await t.close();
    await fake.close();
  };
  return { t, fake, driver, close };
}

/** Books with `payload` and pays by card: the session paid at the provider, confirmed by the driver's return check. */
export async function payByCard(app: Awaited<ReturnType<typeof cardApp>>, payload: Record<string, unknown>) {
  const { t, fake, driver } = app;
  const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: driver, payload });
  expect(res.statusCode, res.body).toBe(201);
  const { bookingId, chargedAmount, payment } = res.json();
  Object.assign(fake.sessions.get(payment.sessionId)!, { status: 'complete', payment_status: 'paid' });
  // The return check is the driver's (the session id in the URL is no pass).
  const check = await t.app.inject({
    method: 'GET',
    url: `/api/checkout-session/${payment.sessionId}`,
    headers: driver,
  });
  expect(check.json().status).toBe('paid');
  return {
    bookingId: bookingId as string,
    chargedAmount: chargedAmount as number,
    sessionId: payment.sessionId as string,
  };
}

/** The Clio for 4 days from `daysAhead`, amendments bought, booked in full in GBP and paid by card. */
export async function changeableCardBooking(app: Awaited<ReturnType<typeof cardApp>>, daysAhead: number) {
  const payload = checkoutBody(
    { paymentOption: 'full', currency: 'GBP', extras: { amendments: true }, ...period(daysAhead, 4) } as never,
    daysAhead,
  );
  const paid = await payByCard(app, payload);
  return { id: paid.bookingId, charged: paid.chargedAmount, sessionId: paid.sessionId };
}

/** `POST /api/amendment-payment/{id}` as `who`: confirms a dearer change, which waits for its difference (#25). */
export const confirmChange = (t: TestApp, who: { cookie: string }, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/amendment-payment/${id}`, headers: who, payload });

/** The card session `sessionId` paid at the provider (the driver finished paying there). */
export const paidAtProvider = (app: Awaited<ReturnType<typeof cardApp>>, sessionId: string) =>
  Object.assign(app.fake.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });

/** The card provider's signed `checkout.session.completed` webhook of `sessionId`, as it is now at the provider. */
export function cardWebhook(app: Awaited<ReturnType<typeof cardApp>>, sessionId: string) {
  const session = app.fake.sessions.get(sessionId)!;
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  return app.t.app.inject({
    method: 'POST',
    url: '/api/stripe-webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
    },
    payload,
  });
}

/** The refunds the card provider made from the payment of session `sessionId` (its payment intent). */
export const cardRefundsOf = (app: Awaited<ReturnType<typeof cardApp>>, sessionId: string) =>
  [...app.fake.refunds.values()].filter((refund) => refund.payment_intent === sessionId.replace(/^cs_/, 'pi_'));
