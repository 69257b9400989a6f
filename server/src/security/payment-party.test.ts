import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Only the party that placed a booking may pay it or read its payment — the driver's
// session, or for a guest a secret only their browser holds (an httpOnly cookie set by the checkout answer, stored
// hashed on the booking). The same rule for every gateway's calls; the booking id alone grants nothing.

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };
type Headers = { cookie?: string };
/** The guest's cookie (plugins/guest-token.ts), as a browser sees it. */
const GUEST_COOKIE = 'roam_guest';

const guestCookieOf = (res: LightMyRequestResponse) => res.cookies.find((cookie) => cookie.name === GUEST_COOKIE);

describe('security: only the booking party pays or reads a payment (demo gateway)', () => {
  let t: TestApp;
  const who: Record<string, Headers> = {};
  beforeAll(async () => {
    t = await createTestApp();
    who.anonymous = {};
    who.driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    who.driver2 = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    who.otherSupplier = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    who.operatingSupplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    who.admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const checkout = (headers: Headers, daysAhead: number, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers,
      payload: { ...checkoutBody({ paymentOption: 'full' }, daysAhead), ...extra },
    });
  const pay = (bookingId: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, headers, payload: CARD });
  const read = (bookingId: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/api/checkout-session/${bookingId}`, headers });
  /** The payment step found again after a reload: a payment call like the others. */
  const step = (bookingId: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/api/booking-payment/${bookingId}`, headers });

  it("a driver's booking: nobody else can mark it paid; the driver can", async () => {
    const booked = await checkout(who.driver!, 80);
    expect(booked.statusCode).toBe(201);
    const { bookingId } = booked.json();
    for (const caller of ['anonymous', 'driver2', 'otherSupplier', 'operatingSupplier', 'admin']) {
      const res = await pay(bookingId, who[caller]!);
      expect({ caller, status: res.statusCode }).toEqual({ caller, status: 404 });
      expect({ caller, step: (await step(bookingId, who[caller]!)).statusCode }).toEqual({ caller, step: 404 });
    }
    expect((await step(bookingId, who.driver!)).json()).toMatchObject({ bookingId, payment: { provider: 'demo' } });
    expect((await read(bookingId, who.driver!)).json()).toMatchObject({ status: 'void', payment: 'open' });
    const paid = await pay(bookingId, who.driver!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ bookingId, status: 'paid', payment: 'paid' });
  });

  it("a booking's payment is read by its driver, its supplier and an admin; anyone else is told nothing", async () => {
    const { bookingId } = (await checkout(who.driver!, 84)).json();
    const seen: Record<string, number> = {};
    for (const [caller, headers] of Object.entries(who)) seen[caller] = (await read(bookingId, headers)).statusCode;
    expect(seen).toEqual({
      anonymous: 404,
      driver: 200,
      driver2: 404,
      otherSupplier: 404,
      operatingSupplier: 200,
      admin: 200,
    });
  });

  it("a guest's browser gets an httpOnly cookie at checkout: it pays and reads; the id alone does neither", async () => {
    const guest = await checkout({}, 88, { driver: guestDriver(`payer-${Date.now()}@example.com`) });
    expect(guest.statusCode).toBe(201);
    const cookie = guestCookieOf(guest)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(guest.body).not.toContain(cookie.value);
    const { bookingId } = guest.json();
    const mine = { cookie: `${GUEST_COOKIE}=${cookie.value}` };

    // Another guest's browser, a forged cookie, and nothing at all.
    const other = await checkout({}, 92, { driver: guestDriver(`other-${Date.now()}@example.com`) });
    const theirs = { cookie: `${GUEST_COOKIE}=${guestCookieOf(other)!.value}` };
    const forged = { cookie: `${GUEST_COOKIE}=${'A'.repeat(43)}` };
    for (const headers of [{}, theirs, forged, who.driver2!]) {
      expect((await read(bookingId, headers)).statusCode).toBe(404);
      expect((await step(bookingId, headers)).statusCode).toBe(404);
      expect((await pay(bookingId, headers)).statusCode).toBe(404);
    }
    expect((await read(bookingId, mine)).json()).toMatchObject({ status: 'void', payment: 'open' });
    expect((await step(bookingId, mine)).json()).toMatchObject({ bookingId, payment: { provider: 'demo' } });
    expect((await pay(bookingId, mine)).json()).toEqual({ bookingId, status: 'paid', payment: 'paid' });
  });
});

describe('security: only the booking party pays (card and wallet providers)', () => {
  let t: SecurityApp;
  let fakeStripeSessions: Map<string, Record<string, unknown>>;
  let driver: Headers;
  beforeAll(async () => {
    t = await createSecurityApp();
    fakeStripeSessions = t.stripe.sessions as never;
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const checkout = async (daysAhead: number, paymentOption: string, currency = 'EUR') => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: paymentOption as 'full', currency: currency as 'EUR' }, daysAhead),
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  it('the wallet: a stranger can neither create nor check the order of a booking', async () => {
    const { bookingId, chargedAmount } = await checkout(96, 'deposit');
    const order = { bookingId, amount: chargedAmount / 100, currency: 'EUR', name: 'Clio', description: 'Booking' };
    const create = (headers: Headers) =>
      t.inject({ method: 'POST', url: '/api/create-paypal-order/', headers, payload: order });
    expect((await create({})).statusCode).toBe(404);
    expect((await create(await t.as('driver2'))).statusCode).toBe(404);
    const created = await create(driver);
    expect(created.statusCode).toBe(200);
    const check = (headers: Headers) =>
      t.inject({ method: 'POST', url: `/api/check-paypal-order/${bookingId}/${created.json().orderId}`, headers });
    t.paypal.orders.get(created.json().orderId)!.status = 'APPROVED';
    expect((await check({})).statusCode).toBe(404);
    expect((await check(await t.as('supplier'))).statusCode).toBe(404);
    expect(t.paypal.orders.get(created.json().orderId)!.status).toBe('APPROVED');
    expect((await check(driver)).json()).toEqual({ bookingId, status: 'deposit', payment: 'paid' });
  });

  it("the card provider's return: the session id in the URL is not a pass, the driver's session is", async () => {
    const { bookingId, payment } = await checkout(100, 'full');
    Object.assign(fakeStripeSessions.get(payment.sessionId)!, { status: 'complete', payment_status: 'paid' });
    const anonymous = await t.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}` });
    expect(anonymous.statusCode).toBe(404);
    const stranger = await t.inject({
      method: 'GET',
      url: `/api/checkout-session/${payment.sessionId}`,
      headers: await t.as('driver2'),
    });
    expect(stranger.statusCode).toBe(404);
    const own = await t.inject({ method: 'GET', url: `/api/checkout-session/${payment.sessionId}`, headers: driver });
    // With the booking's summary.
    expect(own.json()).toMatchObject({ bookingId, status: 'paid', payment: 'paid', summary: { status: 'paid' } });
  });

  it('leaks no guest token, session token or secret in any response or log line', async () => {
    expect(await t.leaks()).toEqual([]);
  });
});
