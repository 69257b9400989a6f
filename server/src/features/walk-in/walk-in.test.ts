import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingAccess, bookings, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { releaseExpiredHolds } from '#server/features/payments/payments.service.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { hashToken } from '#server/plugins/session.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { startFakeStripe } from '#test/fake-providers.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An operator books a car for a walk-in or phone customer through the customer's checkout — same
// price, same no-overlap guarantee, same messages — paid at the counter or by an e-mailed one-time payment link.

let ip = 1;
const nextIp = () => `203.0.113.${ip++}`;

describe('walk-in and phone bookings', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: { cookie: string };
  let supplier: { cookie: string };
  let driver: { cookie: string };
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });
  const book = (headers: { cookie: string }, payload: object) =>
    inject({ method: 'POST', url: '/api/walk-in', headers, payload });
  const newCustomer = (email: string, language = 'en') => {
    const { acceptTerms: _, ...fields } = guestDriver(email);
    return { kind: 'new', ...fields, language };
  };
  /** The checkout's car, places and period `daysAhead` days out, for `customer`, paid by `payment`. */
  const desk = (daysAhead: number, customer: object, payment: 'counter' | 'link', carId = DEMO_IDS.cars.clio) => {
    const { paymentOption: _, ...choices } = checkoutBody({ carId } as never, daysAhead);
    return { ...choices, customer, payment };
  };
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const linkIn = (text: string) => /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('at the counter: priced as checkout prices it, overlap refused with its message, audited with the operator', async () => {
    // A driver's own checkout of the same car and days: its price, and the days taken.
    const mine = await inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: checkoutBody({}, 80) });
    expect(mine.statusCode, mine.body).toBe(201);
    const taken = await book(admin, desk(80, newCustomer('walk.in.clash@example.com'), 'counter'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CAR_UNAVAILABLE',
      message: 'This car was just booked by someone else for these dates.',
    });
    // The days free again: the desk's booking costs what the driver's did.
    await t.db.delete(bookings).where(eq(bookings.id, mine.json().bookingId));
    const email = 'walk.in.counter@example.com';
    const res = await book(admin, desk(80, newCustomer(email, 'fr'), 'counter'));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ status: 'pending', chargedAmount: 0, holdExpiresAt: null, accountCreated: true });
    expect(result.price).toEqual(mine.json().price);
    const booked = await row(result.bookingId);
    expect(booked).toMatchObject({ paymentOption: 'payLater', blocksCar: true, reference: result.reference });
    const [customer] = await t.db.select().from(users).where(eq(users.email, email));
    expect(customer).toMatchObject({ id: booked.driverId, type: 'user', fullName: 'Gwen Guest', language: 'fr' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, result.bookingId));
    expect(audit).toMatchObject({ actorId: DEMO_ACCOUNTS.admin.id, entity: 'booking', action: 'create' });
    // The customer's activation and confirmation e-mails, in their language, through the real SMTP server.
    await expect.poll(() => mailsTo(email).length).toBeGreaterThanOrEqual(2);
    expect(
      mailsTo(email)
        .map((mail) => smtp.textOf(mail))
        .join('\n'),
    ).toContain(result.reference);
  });

  it('at the counter even when the supplier takes no pay-later bookings, and without the licence upload', async () => {
    const car = DEMO_IDS.cars.licenseRequired;
    const own = await inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ carId: car } as never, 84),
    });
    expect(own.json().fieldErrors).toMatchObject({ paymentOption: ['Pay later is not available for this supplier.'] });
    const res = await book(admin, desk(84, { kind: 'existing', driverId: DEMO_ACCOUNTS.driver2.id }, 'counter', car));
    expect(res.statusCode, res.body).toBe(201);
    expect(await row(res.json().bookingId)).toMatchObject({ driverId: DEMO_ACCOUNTS.driver2.id, status: 'pending' });
  });

  it('by link: a day-long hold, a one-time link e-mailed in the customer language, which pays the booking', async () => {
    const email = 'walk.in.link@example.com';
    const res = await book(admin, desk(88, newCustomer(email, 'de'), 'link'));
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, holdExpiresAt, chargedAmount } = res.json();
    expect(res.json()).toMatchObject({ status: 'void', linkSent: true });
    expect(chargedAmount).toBeGreaterThan(0);
    const held = new Date(holdExpiresAt).getTime() - Date.now();
    expect(held).toBeGreaterThan(23.9 * 3600_000);
    expect(held).toBeLessThanOrEqual(24 * 3600_000);
    await expect.poll(() => mailsTo(email).some((m) => smtp.textOf(m).includes('/manage-booking?t='))).toBe(true);
    const mail = mailsTo(email).find((m) => smtp.textOf(m).includes('/manage-booking?t='))!;
    expect(mail.raw).toContain('Bezahlen Sie Ihre Buchung');
    const token = linkIn(smtp.textOf(mail))!;
    const [link] = await t.db
      .select()
      .from(bookingAccess)
      .where(eq(bookingAccess.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ bookingId, kind: 'link', expiresAt: new Date(holdExpiresAt) });

    // The customer's browser opens it once, sees the amount and pays it.
    const opened = await inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } });
    expect(opened.json()).toEqual({ bookingId });
    const grant = opened.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE)!;
    const headers = { cookie: `${grant.name}=${grant.value}` };
    const pending = await inject({ method: 'GET', url: `/api/booking-payment/${bookingId}`, headers });
    expect(pending.json()).toMatchObject({ bookingId, summary: { amounts: { payNow: chargedAmount } } });
    const paid = await inject({ method: 'POST', url: `/api/demo-payment/${bookingId}`, headers, payload: GOOD_CARD });
    expect(paid.json()).toEqual({ bookingId, status: 'paid', payment: 'paid' });
    expect((await inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } })).statusCode).toBe(410);
  });

  it('an unpaid link booking releases its car when the hold lapses; its link then opens nothing', async () => {
    const email = 'walk.in.lapse@example.com';
    const res = await book(admin, desk(92, newCustomer(email), 'link'));
    const { bookingId, reference } = res.json();
    // While held, "Manage booking" sends its customer a new link (the payment link used in another browser).
    const ask = () => inject({ method: 'POST', url: '/api/manage-booking-link', payload: { reference, email } });
    const manageMails = () => mailsTo(email).filter((m) => m.raw.includes('Manage your booking'));
    expect((await ask()).statusCode).toBe(200);
    await expect.poll(() => manageMails().length).toBe(1);
    const past = new Date(Date.now() - 1000);
    await t.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, bookingId));
    await t.db.update(bookingAccess).set({ expiresAt: past }).where(eq(bookingAccess.bookingId, bookingId));
    await releaseExpiredHolds(t.app.context, t.db);
    expect(await row(bookingId)).toMatchObject({ status: 'void', blocksCar: false });
    // Lapsed: nothing to manage any more.
    expect((await ask()).statusCode).toBe(200);
    expect(
      (await t.db.select().from(outbox).where(eq(outbox.to, email))).filter((m) => m.subject.startsWith('Manage')),
    ).toHaveLength(1);
    await expect.poll(() => mailsTo(email).some((m) => smtp.textOf(m).includes('/manage-booking?t='))).toBe(true);
    const token = linkIn(smtp.textOf(mailsTo(email).find((m) => smtp.textOf(m).includes('/manage-booking?t='))!))!;
    expect((await inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } })).statusCode).toBe(410);
    // The days are free: booked again at the counter.
    expect((await book(admin, desk(92, newCustomer('walk.in.next@example.com'), 'counter'))).statusCode).toBe(201);
  });

  it('a supplier books its own cars only, by e-mail; a driver and an anonymous caller are refused', async () => {
    const own = await book(supplier, desk(96, newCustomer(DEMO_ACCOUNTS.driver2.email), 'counter'));
    expect(own.statusCode, own.body).toBe(201);
    // The e-mail of an existing driver books for that driver's account.
    expect(await row(own.json().bookingId)).toMatchObject({ driverId: DEMO_ACCOUNTS.driver2.id });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, own.json().bookingId), eq(auditLog.action, 'create')));
    expect(audit?.actorId).toBe(DEMO_ACCOUNTS.supplier.id);
    const another = await book(
      supplier,
      desk(96, newCustomer('walk.in.other@example.com'), 'counter', DEMO_IDS.cars.licenseRequired),
    );
    expect(another.statusCode).toBe(404);
    const picked = await book(supplier, desk(100, { kind: 'existing', driverId: DEMO_ACCOUNTS.driver.id }, 'counter'));
    expect(picked.statusCode).toBe(403);
    expect((await book(driver, desk(104, newCustomer('walk.in.d@example.com'), 'counter'))).statusCode).toBe(403);
    expect((await book({ cookie: '' }, desk(104, newCustomer('walk.in.a@example.com'), 'counter'))).statusCode).toBe(
      401,
    );
    // An operator's e-mail is not a customer's; a suspended driver is refused as at checkout.
    const operatorMail = await book(admin, desk(104, newCustomer(DEMO_ACCOUNTS.supplier.email), 'counter'));
    expect(operatorMail.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fieldErrors: { 'customer.email': [expect.any(String)] },
    });
    const suspended = await book(
      admin,
      desk(104, { kind: 'existing', driverId: DEMO_ACCOUNTS.suspended.id }, 'counter'),
    );
    expect(suspended.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended.' });
  });

  it('checks every field with the checkout messages', async () => {
    const bad = await book(admin, { ...desk(108, { kind: 'new', email: 'nope' }, 'link'), payment: 'cash' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['customer.email', 'customer.fullName', 'payment']),
    );
    const young = await book(
      admin,
      desk(108, { ...newCustomer('walk.in.young@example.com'), birthDate: '2015-01-01' }, 'counter'),
    );
    expect(young.json().fieldErrors).toEqual({ 'customer.birthDate': ['You must be at least 21 years old.'] });
    const past = { ...desk(108, newCustomer('walk.in.past@example.com'), 'counter'), ...period(-3) };
    expect((await book(admin, past)).statusCode).toBe(400);
  });
});

describe('a payment link paid through the card provider (real stripe SDK against a local test server)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_BASE: fake.base,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('the link opens a card session for the amount, ending with the hold; paid, the booking is confirmed', async () => {
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const { paymentOption: _, ...choices } = checkoutBody({}, 112);
    const { acceptTerms: _a, ...fields } = guestDriver('walk.in.card@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: admin,
      payload: { ...choices, customer: { kind: 'new', ...fields, language: 'en' }, payment: 'link' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount, holdExpiresAt } = res.json();
    // No session until the customer opens the payment.
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'walk.in.card@example.com'));
    const token = /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(mails.map((m) => m.text).join('\n'))?.[1];
    expect(token).toBeDefined();
    const opened = await t.app.inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } });
    const grant = opened.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE)!;
    const headers = { cookie: `${grant.name}=${grant.value}` };
    const pending = await t.app.inject({ method: 'GET', url: `/api/booking-payment/${bookingId}`, headers });
    expect(pending.statusCode, pending.body).toBe(200);
    const { sessionId } = pending.json().payment;
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(Number(call.form.get('line_items[0][price_data][unit_amount]'))).toBe(chargedAmount);
    expect(Number(call.form.get('expires_at')) * 1000).toBe(Math.floor(Date.parse(holdExpiresAt) / 1000) * 1000);
    Object.assign(fake.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });
    const paid = await t.app.inject({ method: 'GET', url: `/api/checkout-session/${sessionId}`, headers });
    expect(paid.json()).toMatchObject({ bookingId, status: 'paid', payment: 'paid' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'paid', paymentProvider: 'stripe', paymentReference: sessionId });
  });
});
