import type { CarSearchResult } from '@roam/contract/cars';
import { calculatePrice } from '@roam/contract/price';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The counter's walk-in as the desk meets it: a customer who gives a name and a phone and no e-mail is booked (and
// nothing is ever mailed to the address-less account), a payment link without an e-mail is refused at its field,
// and the price the screen computes with the contract's price function from the search's car is the one charged.

let ip = 1;
const nextIp = () => `198.51.100.${ip++}`;

describe('walk-in at the counter', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });
  const walkIn = (payload: object) => inject({ method: 'POST', url: '/api/walk-in', headers: supplier, payload });
  const desk = (daysAhead: number, customer: object, payment: 'counter' | 'link', more: object = {}) => {
    const { paymentOption: _, ...choices } = checkoutBody({}, daysAhead);
    return { ...choices, customer, payment, ...more };
  };
  const walker = { kind: 'new', fullName: 'Nora Nomail', phone: '+33 6 11 22 33 44', birthDate: '1985-05-06' };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url });
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('books a customer by name and phone alone; nothing is mailed, nothing can be sent from the booking view', async () => {
    const res = await walkIn(desk(60, { ...walker, language: 'de' }, 'counter'));
    expect(res.statusCode, res.body).toBe(201);
    // No activation to tell of: the account made reaches no one.
    expect(res.json()).toMatchObject({ status: 'pending', accountCreated: false, linkSent: false });
    const { bookingId } = res.json();
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.deskCustomer).toEqual({
      fullName: 'Nora Nomail',
      email: '',
      phone: '+33 6 11 22 33 44',
      birthDate: '1985-05-06',
    });
    const [account] = await t.db.select().from(users).where(eq(users.id, row!.driverId));
    expect(account).toMatchObject({ type: 'user', verified: false, passwordHash: null, language: 'de' });
    expect(account!.email).toMatch(/^desk-[0-9a-f-]{36}@no-email\.invalid$/);
    // The driver's notices are recorded, never sent: only the supplier's reaches the SMTP server.
    await t.app.context.mailer.idle();
    const toAccount = await t.db.select().from(outbox).where(eq(outbox.to, account!.email));
    expect(toAccount.length).toBeGreaterThan(0);
    expect(toAccount.every((mail) => mail.status === 'logged')).toBe(true);
    expect(smtp.received.some((mail) => mail.to.some((to) => to.endsWith('.invalid')))).toBe(false);
    // The booking view shows the name and phone the desk typed and no address; it sends nothing to nobody.
    const view = await inject({ method: 'GET', url: `/api/operator-booking/${bookingId}`, headers: supplier });
    expect(view.json().driver).toMatchObject({ name: 'Nora Nomail', email: '', phone: '+33 6 11 22 33 44' });
    expect(view.json().actions).toContain('checkOut');
    expect(view.json().actions).not.toContain('resendConfirmation');
    const resend = await inject({
      method: 'POST',
      url: `/api/resend-booking-confirmation/${bookingId}`,
      headers: supplier,
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('This customer gave no e-mail address: nothing can be sent to them.');
    // The counter's hand-over shows the customer as the desk typed them too, never the account's reserved address.
    const counter = await inject({
      method: 'GET',
      url: `/api/counter-booking/${bookingId}?language=fr`,
      headers: supplier,
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json().driver).toMatchObject({ name: 'Nora Nomail', email: '', phone: '+33 6 11 22 33 44' });
  });

  it('refuses a payment link without an e-mail at the e-mail field, with what it needs', async () => {
    const res = await walkIn(desk(64, { ...walker, language: 'en' }, 'link'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'customer.email': ["A payment link needs the customer's e-mail address."] },
    });
  });

  it("charges what the contract's price function gives for the searched car, extras and additional driver", async () => {
    // The Clio sells an additional driver for this test (the seed's has none).
    await t.db.update(cars).set({ additionalDriver: 700 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    const { paymentOption: _, extras: _e, ...choices } = checkoutBody({}, 68);
    const search = await inject({
      method: 'POST',
      url: '/api/search-cars/1/50',
      headers: supplier,
      payload: { ...choices, suppliers: [DEMO_IDS.suppliers.azurCoast] },
    });
    const car = (search.json().results as CarSearchResult[]).find((result) => result._id === DEMO_IDS.cars.clio)!;
    const extras = { theftProtection: true, amendments: true, additionalDriver: true };
    const shown = calculatePrice({
      car,
      priceChangeRate: car.supplier.priceChangeRate,
      pickupAt: new Date(String(choices.pickupAt)),
      dropoffAt: new Date(String(choices.dropoffAt)),
      timeZone: 'Europe/Paris',
      extras,
    });
    const second = { fullName: 'Sam Second', email: 'sam.second@example.com', phone: '+33 6 99 88 77 66' };
    const res = await walkIn(
      desk(68, { ...walker, language: 'fr' }, 'counter', {
        extras,
        additionalDriver: { ...second, birthDate: '1990-02-03' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price.total).toBe(shown.total);
    expect(res.json().price.extras).toEqual(shown.extras);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
    expect(row).toMatchObject({ totalAmount: shown.total, additionalDriver: true });
    expect(row?.additionalDriverDetails).toMatchObject(second);
  });

  it("keeps the additional driver's licence read at the desk on the booking, where the check-out starts from it", async () => {
    await t.db.update(cars).set({ additionalDriver: 700 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    const extras = { additionalDriver: true };
    const second = {
      fullName: 'Lea Licence',
      email: 'lea@example.com',
      phone: '+33 6 55 44 33 22',
      birthDate: '1991-03-04',
    };
    const licence = { licenseNumber: 'FR-123456', licenseCountry: 'fr', licenseExpiresOn: '2040-01-31' };
    // A licence that ends before the drop-off is refused at its field, as at check-out; nothing is booked.
    const expired = await walkIn(
      desk(72, { ...walker, language: 'fr' }, 'counter', {
        extras,
        additionalDriver: { ...second, licence: { ...licence, licenseExpiresOn: '2020-01-01' } },
      }),
    );
    expect(expired.statusCode, expired.body).toBe(400);
    expect(Object.keys(expired.json().fieldErrors)).toEqual(['additionalDriver.licence.licenseExpiresOn']);
    const res = await walkIn(
      desk(72, { ...walker, language: 'fr' }, 'counter', { extras, additionalDriver: { ...second, licence } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json();
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.additionalDriverDetails).toEqual({ ...second, licence: { ...licence, licenseCountry: 'FR' } });
    const counter = await inject({
      method: 'GET',
      url: `/api/counter-booking/${bookingId}?language=fr`,
      headers: supplier,
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json().knownDrivers).toEqual([
      { fullName: 'Lea Licence', birthDate: '1991-03-04', ...licence, licenseCountry: 'FR' },
    ]);
    // The desk's booking view shows it to the booking's operators, and to no one else: another business does not
    // find the booking, and the driver's own page never carries the licence.
    const view = (headers: { cookie: string }) =>
      inject({ method: 'GET', url: `/api/operator-booking/${bookingId}?language=fr`, headers });
    const operators = await view(supplier);
    expect(operators.statusCode, operators.body).toBe(200);
    expect(operators.json().additionalDriver).toMatchObject({
      fullName: 'Lea Licence',
      licence: { ...licence, licenseCountry: 'FR' },
    });
    expect((await view(await signIn(t.db, DEMO_IDS.suppliers.kestrel))).statusCode).toBe(404);
    const driver = await signIn(t.db, row!.driverId);
    const own = await inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: driver });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain('Lea Licence');
    expect(own.body).not.toContain(licence.licenseNumber);
  });
});
