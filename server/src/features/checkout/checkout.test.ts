import { CheckoutResultSchema } from '@roam/contract/checkout.schema';
import { convertMinor, formatMinor } from '@roam/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, files, notifications, oneTimeTokens, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { hashToken } from '#server/plugins/session.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('POST /api/checkout', () => {
  let t: TestApp;
  let driver: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://roam.test' });
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/checkout', payload, headers });

  it('books pay-later for a signed-in driver at the server price, notifying driver and supplier', async () => {
    const res = await post(checkoutBody({ extras: { amendments: true, theftProtection: true } }, 20), driver);
    expect(res.statusCode).toBe(201);
    const result = CheckoutResultSchema.parse(res.json());
    // 3 days × 39 € daily + 3-day bi-weekly rate 105 €; amendments once 15 €, theft protection 3 × 9 €.
    expect(result.price).toMatchObject({ rentalDays: 3, rental: 10500, extrasTotal: 1500 + 2700, total: 14700 });
    expect(result).toMatchObject({
      status: 'pending',
      payNow: 0,
      payAtPickup: 14700,
      payment: null,
      holdExpiresAt: null,
      accountCreated: false,
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(row).toMatchObject({
      status: 'pending',
      blocksCar: true,
      price: 14700,
      driverId: DEMO_ACCOUNTS.driver.id,
      amendments: true,
    });
    const notes = await t.db.select().from(notifications).where(eq(notifications.bookingId, result.bookingId));
    expect(notes.map((n) => [n.userId, n.kind]).sort()).toEqual(
      [
        [DEMO_ACCOUNTS.driver.id, 'bookingConfirmed'],
        [DEMO_IDS.suppliers.azurCoast, 'bookingNew'],
      ].sort(),
    );
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, DEMO_ACCOUNTS.driver.email));
    expect(mails.some((m) => m.subject.includes('Renault Clio') && m.text.includes(result.bookingId))).toBe(true);
  });

  it("e-mails the price in the booking's currency at its rate, formatted in the driver's language", async () => {
    const email = `usd-${Date.now()}@roam.test`;
    const res = await post(
      checkoutBody({ currency: 'USD', driver: { ...guestDriver(email), language: 'fr' } } as never, 100),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
    // Spec §9 in French: $ before the amount, a space between thousands, a decimal comma only when not whole. The
    // amount is the booking's own, fixed at checkout.
    const total = formatMinor(row!.totalAmount, 'USD', 'fr');
    expect(total).toMatch(/^\$[\d ]+(,\d\d)?$/);
    expect(row!.totalAmount).toBe(convertMinor(row!.price, row!.rate, 'USD'));
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, email));
    const confirmation = mails.find((mail) => mail.subject.includes('est confirmée'));
    expect(confirmation?.subject).toContain(row!.reference);
    expect(confirmation?.text).toContain(`Prix total : ${total}`);
    expect(confirmation?.text).toContain(`À payer à la prise en charge : ${total}`);
    expect(confirmation?.text).not.toContain('€');
  });

  it('ignores any price the client sends', async () => {
    const res = await post({ ...checkoutBody({}, 24), price: 1, total: 1 }, driver);
    expect(res.statusCode).toBe(201);
    expect(res.json().price.total).toBe(10500);
  });

  it('creates a guest account with an activation link in the expected format', async () => {
    const email = 'new.guest@example.com';
    const res = await post(checkoutBody({ driver: guestDriver(email) } as never, 30));
    expect(res.statusCode).toBe(201);
    expect(res.json().accountCreated).toBe(true);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ type: 'user', verified: false, passwordHash: null, birthDate: '1992-03-04' });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt);
    // The link opens in the e-mail's language (`l`, after the token).
    const link = /http:\/\/roam\.test\/activate\?u=([^&]+)&e=([^&]+)&t=([^&\s]+)&l=en\b/.exec(mail!.text);
    expect(link?.[1]).toBe(account!.id);
    expect(decodeURIComponent(link![2]!)).toBe(email);
    const [token] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(link![3]!)));
    expect(token).toMatchObject({ userId: account!.id, purpose: 'activate' });
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('refuses a guest whose e-mail is registered (409 EMAIL_TAKEN)', async () => {
    const res = await post(
      checkoutBody({ driver: guestDriver(DEMO_ACCOUNTS.driver2.email.toUpperCase()) } as never, 40),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email address is already registered.' });
  });

  it('two guests racing with one e-mail: one account, the other 409 EMAIL_TAKEN, no 5xx', async () => {
    const email = 'racing.guest@example.com';
    const [a, b] = await Promise.all([
      post(checkoutBody({ driver: guestDriver(email) } as never, 90)),
      post(checkoutBody({ driver: guestDriver(email) } as never, 95)),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect([a!.json().code, b!.json().code]).toContain('EMAIL_TAKEN');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('needs a driver: signed in, or guest details with terms accepted', async () => {
    expect((await post(checkoutBody({}, 41))).statusCode).toBe(400);
    const res = await post(
      checkoutBody({ driver: { ...guestDriver('x@example.com'), acceptTerms: false } } as never, 41),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['driver.acceptTerms']).toEqual(['Accept the Terms of Use.']);
  });

  it('refuses a suspended account', async () => {
    const suspended = await signIn(t.db, DEMO_ACCOUNTS.suspended.id);
    expect((await post(checkoutBody({}, 42), suspended)).statusCode).toBe(403);
  });

  it('re-checks the car: unknown 404, unavailable or coming soon 409, not at that location 400', async () => {
    expect((await post(checkoutBody({ carId: '00000000-0000-4000-8000-000000000000' }), driver)).statusCode).toBe(404);
    expect((await post(checkoutBody({ carId: DEMO_IDS.cars.unavailable }), driver)).json().code).toBe(
      'CAR_UNAVAILABLE',
    );
    expect(
      (
        await post(
          checkoutBody({ carId: DEMO_IDS.cars.comingSoon, pickupLocationId: DEMO_IDS.locations.parisOrly }),
          driver,
        )
      ).statusCode,
    ).toBe(409);
    const elsewhere = await post(checkoutBody({ pickupLocationId: DEMO_IDS.locations.berlinAirport }), driver);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors).toHaveProperty('pickupLocationId');
  });

  it('offers the car at the enclosing city too (Paris for a car at Paris CDG)', async () => {
    const res = await post(checkoutBody({ pickupLocationId: DEMO_IDS.locations.paris }, 44), driver);
    expect(res.statusCode).toBe(201);
  });

  it('re-checks the dates with the spec messages', async () => {
    const past = await post(checkoutBody({ ...period(-1) }), driver);
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.pickupAt).toContain('Pick-up time must be at least a few hours in the future');
    const night = period(50);
    const res = await post(checkoutBody({ pickupAt: night.pickupAt.replace(/T\d\d/, 'T01') }), driver);
    expect(res.json().fieldErrors.pickupAt).toContain('Invalid pick-up time');
    const reversed = period(50);
    const back = await post(checkoutBody({ pickupAt: reversed.dropoffAt, dropoffAt: reversed.pickupAt }), driver);
    expect(back.json().fieldErrors.dropoffAt).toContain('Invalid drop-off time');
  });

  it("checks the driver's age against the car's minimum age", async () => {
    const young = guestDriver('young@example.com');
    const res = await post(
      checkoutBody({ carId: DEMO_IDS.cars.minimumAge25, driver: { ...young, birthDate: '2003-01-01' } } as never, 52),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['driver.birthDate']).toEqual(['You must be at least 25 years old.']);
    const teen = await post(checkoutBody({ driver: { ...young, birthDate: '2010-01-01' } } as never, 52));
    expect(teen.json().fieldErrors['driver.birthDate']).toEqual(['You must be at least 21 years old.']);
  });

  it('needs additional-driver details (21+) when that extra is chosen, and refuses unavailable extras', async () => {
    // The Clio's additional driver extra is unavailable (−1).
    const unavailable = await post(checkoutBody({ extras: { additionalDriver: true } }, 54), driver);
    expect(unavailable.statusCode).toBe(400);
    const missing = await post(
      checkoutBody({ carId: DEMO_IDS.cars.clio, extras: { fullInsurance: true, additionalDriver: true } }, 54),
      driver,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('additionalDriver');
  });

  it('refuses pay later where the supplier does not allow it, and needs a licence where required', async () => {
    const van = { carId: DEMO_IDS.cars.licenseRequired };
    const later = await post(checkoutBody(van, 56), driver);
    expect(later.json().fieldErrors).toHaveProperty('paymentOption');
    const noLicence = await post(checkoutBody({ ...van, paymentOption: 'full' }, 56), driver);
    expect(noLicence.json().fieldErrors).toHaveProperty('licenseFileId');
    const [file] = await t.db
      .insert(files)
      .values({
        kind: 'license',
        ownerId: DEMO_ACCOUNTS.driver.id,
        contentType: 'image/png',
        size: 1,
        bytes: Buffer.from([1]),
      })
      .returning();
    const ok = await post(checkoutBody({ ...van, paymentOption: 'full', licenseFileId: file!.id }, 56), driver);
    expect(ok.statusCode).toBe(201);
    // +12 % price change on 3 × 99 €.
    expect(ok.json()).toMatchObject({
      status: 'void',
      price: { total: 33264 },
      payNow: 33264,
      payment: { provider: 'demo', testMode: true },
    });
    const other = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const stolen = await post(checkoutBody({ ...van, paymentOption: 'full', licenseFileId: file!.id }, 60), other);
    expect(stolen.json().fieldErrors).toHaveProperty('licenseFileId');
  });

  it("makes a guest's temporary licence the new account's, in the booking's transaction", async () => {
    // Uploaded by this guest's browser (its guest token; nobody else's upload can be attached).
    const browser = 'roam_guest=guest-browser-token-of-43-characters-012345';
    const [upload] = await t.db
      .insert(files)
      .values({
        kind: 'license',
        ownerId: null,
        temporary: true,
        guestTokenHash: hashToken(browser.split('=')[1]!),
        contentType: 'image/png',
        size: 1,
        bytes: Buffer.from([1]),
      })
      .returning();
    const email = `licensed-guest-${Date.now()}@roam.test`;
    const body = { carId: DEMO_IDS.cars.licenseRequired, paymentOption: 'full', licenseFileId: upload!.id };
    const res = await post(checkoutBody({ ...body, driver: guestDriver(email) } as never, 64), { cookie: browser });
    expect(res.statusCode).toBe(201);
    expect(res.json().accountCreated).toBe(true);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account?.licenseFileId).toBe(upload!.id);
    const [file] = await t.db.select().from(files).where(eq(files.id, upload!.id));
    expect(file).toMatchObject({ ownerId: account!.id, temporary: false });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().bookingId));
    expect(booking?.licenseFileId).toBe(upload!.id);
  });

  it('holds the car for online payment and charges in the display currency', async () => {
    const res = await post(checkoutBody({ paymentOption: 'deposit', currency: 'USD' }, 62), driver);
    expect(res.statusCode).toBe(201);
    const result = res.json();
    // The security deposit (500 €) now, the rental (105 €) at pick-up — not the rental twice — at the
    // snapshot rate 1.15, fixed in the booking's currency (item 3).
    expect(result).toMatchObject({
      status: 'void',
      payNow: 50000,
      payAtPickup: 10500,
      currency: 'USD',
      rate: 1.15,
      chargedAmount: 57500,
    });
    expect(result.summary.amounts).toEqual({
      currency: 'USD',
      total: 12075,
      payNow: 57500,
      payAtPickup: 12075,
      securityDeposit: 57500,
      securityDepositTaken: 'now',
      securityDepositOn: 'card',
      held: 0,
      due: 0,
    });
    const hold = new Date(result.holdExpiresAt).getTime() - Date.now();
    expect(hold).toBeGreaterThan(29 * 60_000);
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, result.bookingId), eq(bookings.blocksCar, true)));
    expect(row?.status).toBe('void');
  });

  it('answers 409 CAR_UNAVAILABLE when the period overlaps a blocking booking', async () => {
    expect((await post(checkoutBody({}, 70), driver)).statusCode).toBe(201);
    const res = await post(checkoutBody({}, 71), driver);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CAR_UNAVAILABLE',
      message: 'This car was just booked by someone else for these dates.',
    });
  });

  it('releases a lapsed hold of the car before booking', async () => {
    const first = await post(checkoutBody({ paymentOption: 'full' }, 80), driver);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, first.json().bookingId));
    const second = await post(checkoutBody({}, 80), driver);
    expect(second.statusCode).toBe(201);
    const [lapsed] = await t.db.select().from(bookings).where(eq(bookings.id, first.json().bookingId));
    expect(lapsed).toMatchObject({ status: 'void', blocksCar: false });
  });
});
