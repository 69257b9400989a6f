import type { BookingStatus } from '@roam/contract/bookings';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, files, notifications, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The second outside audit, item 1 (High): any supplier could read any driver's licence scan and name knowing only
// the e-mail — turn "licence required" on, book the driver at the desk by e-mail (their account, without their
// consent), read the booking (the account's name, its licence) and the licence itself, then delete the booking. Now a
// desk booking shows only what the operator typed and attaches no document; the licence opens only through a booking
// the driver made or confirmed (paid), to its operator, from 48 h before pick-up to 30 days after drop-off; and the
// driver is told of a booking made in their name, and may refuse it.

let ip = 1;
const nextIp = () => `203.0.113.${100 + ip++}`;
const HOUR = 3600_000;

describe('desk bookings and the driver licence (second audit, item 1)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  let driver: { cookie: string };
  let licenceId: string;
  const driverId = DEMO_ACCOUNTS.driver.id;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });
  const licence = (headers: { cookie: string }) => inject({ method: 'GET', url: `/api/license/${licenceId}`, headers });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** What the supplier types for the driver: their e-mail, and a name and birth date of its own. */
  const typed = {
    kind: 'new',
    ...guestDriver(DEMO_ACCOUNTS.driver.email),
    fullName: 'Typed At The Desk',
    birthDate: '1985-02-03',
    language: 'en',
  };
  const desk = (daysAhead: number, payment: 'counter' | 'link', customer: object = typed) => {
    const { paymentOption: _, ...choices } = checkoutBody({}, daysAhead);
    return { ...choices, customer: { ...customer, acceptTerms: undefined }, payment };
  };
  const bookAtDesk = async (daysAhead: number, payment: 'counter' | 'link') => {
    const res = await inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: supplier,
      payload: desk(daysAhead, payment),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bookingId: string; accountCreated: boolean; reference: string };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url });
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    driver = await signIn(t.db, driverId);
    // The driver's own licence, on their profile; the supplier asks for licences.
    const [file] = await t.db
      .insert(files)
      .values({ kind: 'license', ownerId: driverId, contentType: 'image/png', size: 3, bytes: Buffer.from('png') })
      .returning({ id: files.id });
    licenceId = file!.id;
    await t.db.update(users).set({ licenseFileId: licenceId, language: 'fr' }).where(eq(users.id, driverId));
    await t.db.update(users).set({ licenseRequired: true }).where(eq(users.id, DEMO_IDS.suppliers.azurCoast));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("a desk booking for an existing driver's e-mail shows what was typed, attaches nothing, opens no licence", async () => {
    const placed = await bookAtDesk(1, 'link');
    expect(placed.accountCreated).toBe(false);
    const booking = await inject({ method: 'GET', url: `/api/booking/${placed.bookingId}`, headers: supplier });
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({
      driver: { _id: driverId, name: 'Typed At The Desk' },
      license: null,
      bookedAtDesk: true,
    });
    expect(booking.body).not.toContain(DEMO_ACCOUNTS.driver.fullName);
    expect(await row(placed.bookingId)).toMatchObject({ licenseFileId: null, bookedAtDesk: true });
    // Within 48 h of its pick-up, but unpaid: the driver has not confirmed it.
    expect((await licence(supplier)).statusCode).toBe(404);
    // The supplier's other views of the booking show the typed name too.
    const calendar = await inject({
      method: 'GET',
      url: `/api/car-calendar/${DEMO_IDS.cars.clio}?from=${new Date(Date.now() - HOUR).toISOString()}&to=${new Date(Date.now() + 5 * 24 * HOUR).toISOString()}`,
      headers: supplier,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.body).toContain('Typed At The Desk');
    expect(calendar.body).not.toContain(DEMO_ACCOUNTS.driver.fullName);

    // Paid through the link: the driver confirmed it, and within its window the licence opens to its supplier.
    await t.db
      .update(bookings)
      .set({ status: 'paid', paidAt: new Date(), holdExpiresAt: null })
      .where(eq(bookings.id, placed.bookingId));
    expect((await licence(supplier)).statusCode).toBe(200);
    // Never to another supplier, and a paid booking is no longer the driver's to refuse.
    expect((await licence(await signIn(t.db, DEMO_IDS.suppliers.kestrel))).statusCode).toBe(404);
    const refuse = await inject({ method: 'POST', url: `/api/refuse-booking/${placed.bookingId}`, headers: driver });
    expect(refuse.statusCode).toBe(409);
    await t.db.delete(bookings).where(eq(bookings.id, placed.bookingId));
  });

  it('checks the age on the birth date typed at the desk, not the one of the account', async () => {
    const young = { ...typed, birthDate: '2015-01-01' };
    const res = await inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: supplier,
      payload: desk(40, 'counter', young),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['customer.birthDate']);
  });

  it('tells the driver in their language; they refuse it from the e-mail: cancelled, gone from their list', async () => {
    const placed = await bookAtDesk(20, 'counter');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, driverId),
          eq(notifications.bookingId, placed.bookingId),
          eq(notifications.kind, 'bookedAtDesk'),
        ),
      );
    expect(note).toMatchObject({ kind: 'bookedAtDesk', params: { supplier: 'Azur Coast Rentals' } });
    const mailTo = () =>
      smtp.received.filter((m) => m.to.includes(DEMO_ACCOUNTS.driver.email) && m.raw.includes(placed.reference));
    await expect.poll(() => mailTo().some((m) => smtp.textOf(m).includes('votre nom'))).toBe(true);
    const text = smtp.textOf(mailTo().find((m) => smtp.textOf(m).includes('votre nom'))!);
    const token = /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    // The list shows it to its driver until they refuse it.
    const list = async () =>
      (await inject({ method: 'POST', url: '/api/bookings/1/50', headers: driver, payload: {} }))
        .json()
        .results.map((r: { _id: string }) => r._id);
    expect(await list()).toContain(placed.bookingId);

    const opened = await inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const grant = opened.cookies.find((c) => c.name === BOOKING_GRANT_COOKIE)!;
    const refused = await inject({
      method: 'POST',
      url: `/api/refuse-booking/${placed.bookingId}`,
      headers: { cookie: `${grant.name}=${grant.value}` },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'cancelled', refusedAt: expect.any(String) });
    expect(await row(placed.bookingId)).toMatchObject({ status: 'cancelled', blocksCar: false, chargedAmount: 0 });
    expect(await list()).not.toContain(placed.bookingId);
    expect((await inject({ method: 'GET', url: `/api/booking/${placed.bookingId}`, headers: driver })).statusCode).toBe(
      404,
    );
    expect(
      (await inject({ method: 'POST', url: `/api/refuse-booking/${placed.bookingId}`, headers: driver })).statusCode,
    ).toBe(404);
    // Its supplier still has it, cancelled, and is told.
    const seen = await inject({ method: 'GET', url: `/api/booking/${placed.bookingId}`, headers: supplier });
    expect(seen.json()).toMatchObject({ status: 'cancelled', bookedAtDesk: true });
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(DEMO_ACCOUNTS.supplier.email) && m.raw.includes('refused')))
      .toBe(true);
  });

  it("the licence rule: a driver's own booking, booked, from 48 h before pick-up to 30 days after drop-off", async () => {
    const made = await inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: checkoutBody({}, 60) });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().bookingId as string;
    const at = async (pickupInHours: number, days: number, status: BookingStatus = 'pending') => {
      const pickupAt = new Date(Date.now() + pickupInHours * HOUR);
      await t.db
        .update(bookings)
        .set({ pickupAt, dropoffAt: new Date(pickupAt.getTime() + days * 24 * HOUR), status, blocksCar: false })
        .where(eq(bookings.id, id));
      return (await licence(supplier)).statusCode;
    };
    expect(await at(60 * 24, 2)).toBe(404); // two months ahead
    expect(await at(49, 2)).toBe(404); // just outside 48 h
    expect(await at(47, 2)).toBe(200);
    expect(await at(-24 * 3, 2)).toBe(200); // on rent
    expect(await at(-24 * 31, 2)).toBe(200); // dropped off 29 days ago
    expect(await at(-24 * 33, 2)).toBe(404); // 31 days ago
    expect(await at(24, 2, 'cancelled')).toBe(404);
    expect(await at(24, 2, 'void')).toBe(404);
    // The counter's: on rent, returned and closed keep it open within the window; a no-show does not.
    expect(await at(-24, 2, 'on_rent')).toBe(200);
    expect(await at(-24 * 5, 2, 'returned')).toBe(200);
    expect(await at(-24 * 5, 2, 'closed')).toBe(200);
    expect(await at(-2, 2, 'no_show')).toBe(404);
    // The driver and the admin always.
    expect((await licence(driver)).statusCode).toBe(200);
    expect((await licence(await signIn(t.db, DEMO_ACCOUNTS.admin.id))).statusCode).toBe(200);
  });
});
