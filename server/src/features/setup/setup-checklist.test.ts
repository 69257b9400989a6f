import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, users } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The admin's set-up checklist, from the database and the environment, its test e-mail, and the
// customer site's "coming soon" flag (`bookable` in the settings) until a car can be booked.

const adminId = DEMO_IDS.users.admin;

describe('the set-up checklist', () => {
  let t: TestApp;
  let asAdmin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ WEBSITE_NAME: 'Cap Rentals' });
    asAdmin = await signIn(t.db, adminId);
  });
  afterAll(() => t.close());

  const checklist = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup-status', headers: asAdmin });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const settings = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    return { bookable: res.json().bookable, cache: res.headers['cache-control'] };
  };

  it('reads the demo business as ready, and says what the environment still lacks', async () => {
    expect(await checklist()).toEqual({
      ready: true,
      site: { done: false, websiteName: 'Cap Rentals', contactEmail: 'info@roam.localhost' },
      languages: { done: true, languages: ['en', 'fr', 'es', 'se', 'de'], defaultLanguage: 'en' },
      currencies: { done: true, baseCurrency: 'EUR', displayCurrencies: expect.any(Number) },
      place: { done: true, countries: 6, locations: 37 },
      supplier: { done: true, suppliers: 8 },
      car: { done: true, cars: 320, bookableCars: expect.any(Number) },
      payments: {
        done: false,
        card: 'demo',
        wallet: false,
        missing: expect.arrayContaining(['STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_ID']),
      },
      email: { done: false, smtp: false, adminEmail: 'admin@roam.localhost', missing: ['SMTP_URL', 'MAIL_FROM'] },
      // The test environment sets SESSION_SECRET; production would still need these (config.ts productionGaps).
      production: { done: false, missing: ['PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM'] },
    });
    expect((await checklist()).car.bookableCars).toBeGreaterThan(200);
    expect(await settings()).toEqual({ bookable: true, cache: 'no-cache' });
  });

  it('is not ready, and the site not bookable, while no car can be booked; one car opens it', async () => {
    await t.db.update(cars).set({ available: false });
    const closed = await checklist();
    expect(closed).toMatchObject({ ready: false, car: { done: false, cars: 320, bookableCars: 0 } });
    expect(await settings()).toEqual({ bookable: false, cache: 'no-cache' });

    // A fully booked car is not bookable either; an available one at a place is.
    const [first] = await t.db.select({ id: cars.id }).from(cars).limit(1);
    await t.db.update(cars).set({ available: true, fullyBooked: true }).where(eq(cars.id, first!.id));
    expect((await settings()).bookable).toBe(false);
    await t.db.update(cars).set({ fullyBooked: false }).where(eq(cars.id, first!.id));
    expect(await checklist()).toMatchObject({ ready: true, car: { done: true, bookableCars: 1 } });
    expect((await settings()).bookable).toBe(true);
  });

  it('counts no place, no supplier and no car on an emptied database', async () => {
    await t.db.execute(sql`truncate table countries, locations, cars cascade`);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.type, 'supplier'));
    await t.db.execute(sql`update fleet_version set version = version + 1`);
    expect(await checklist()).toMatchObject({
      ready: false,
      place: { done: false, countries: 0, locations: 0 },
      supplier: { done: false, suppliers: 0 },
      car: { done: false, cars: 0, bookableCars: 0 },
    });
    expect((await settings()).bookable).toBe(false);
  });

  it('a supplier or a driver may not read it (403), nor anyone signed out (401)', async () => {
    const supplier = await signIn(t.db, DEMO_IDS.users.supplier);
    const driver = await signIn(t.db, DEMO_IDS.users.driver);
    for (const [headers, status] of [
      [supplier, 403],
      [driver, 403],
      [{}, 401],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/setup-status', headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'POST', url: '/api/setup-test-email', headers })).statusCode).toBe(status);
    }
  });
});

describe('the test e-mail', () => {
  it("goes to the admin's address in their language over SMTP, three per 10 minutes", async () => {
    const smtp = await startSmtpCapture();
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    try {
      await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, adminId));
      const headers = await signIn(t.db, adminId);
      const res = await t.app.inject({ method: 'POST', url: '/api/setup-test-email', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ to: 'admin@roam.localhost', smtp: true });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['admin@roam.localhost']);
      // textOf reads bytes one by one: the French words checked are ASCII.
      expect(smtp.textOf(smtp.received[0]!)).toContain('Subject: Roam : e-mail de test');
      expect(smtp.textOf(smtp.received[0]!)).toContain('Bonjour Alex Admin,');
      const status = await t.app.inject({ method: 'GET', url: '/api/setup-status', headers });
      expect(status.json().email).toMatchObject({ done: true, smtp: true, missing: [] });

      for (let i = 0; i < 2; i++)
        expect((await t.app.inject({ method: 'POST', url: '/api/setup-test-email', headers })).statusCode).toBe(200);
      const limited = await t.app.inject({ method: 'POST', url: '/api/setup-test-email', headers });
      expect(limited.statusCode).toBe(429);
      expect(smtp.received).toHaveLength(3);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('says why when SMTP refuses it (503 with the reason), never a 500', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Roam <no-reply@roam.example>' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/setup-test-email',
        headers: await signIn(t.db, adminId),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.json().message).toMatch(/^The test e-mail could not be sent: .+/);
    } finally {
      await t.close();
    }
  });
});
