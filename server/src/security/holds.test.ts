import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { CHECKOUT_RATE_LIMIT } from '#server/features/checkout/checkout.routes.ts';
import { OPEN_CHECKOUTS_PER_ADDRESS } from '#server/features/checkout/place-booking.service.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// One account, or one anonymous visitor, held the whole fleet — 19 online checkouts, one per
// car, each a 30-minute unpaid hold, then a guest took the 20th. Now: a driver's (or a browser's) new checkout
// releases their earlier unpaid hold; one network address keeps at most a few unpaid bookings at once; a guest's
// e-mail becomes an account at its first checkout; and checkout itself is rate limited per address.

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };
type Headers = { cookie?: string };

describe('security: nobody holds the fleet', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh driver with a birth date, signed in. */
  const newDriver = async () => {
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    n += 1;
    const [row] = await t.db
      .insert(users)
      .values({ ...rest, email: `holder-${n}@example.com`, avatarFileId: null, licenseFileId: null })
      .returning({ id: users.id });
    return signIn(t.db, row!.id);
  };
  const checkout = (headers: Headers, from: string, daysAhead: number, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers,
      remoteAddress: from,
      payload: { ...checkoutBody({ paymentOption: 'full' }, daysAhead), ...extra },
    });
  const holding = async (ids: string[]) =>
    (await t.db.select().from(bookings).where(inArray(bookings.id, ids)))
      .filter((row) => row.blocksCar)
      .map((row) => row.id);

  it("a driver's new checkout releases their earlier unpaid hold: one account holds one car at a time", async () => {
    const driver = await newDriver();
    const ids: string[] = [];
    // One after another, as the audit did, each "car" a period of its own.
    for (let i = 0; i < 5; i++) {
      const res = await checkout(driver, `198.51.100.${10 + i}`, 120 + 4 * i);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().bookingId);
    }
    expect(await holding(ids)).toEqual([ids[4]]);
    // The released booking cannot be paid any more; the live one can.
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${ids[0]}`,
      headers: driver,
      payload: CARD,
    });
    expect(stale.statusCode).toBe(409);
    const live = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${ids[4]}`,
      headers: driver,
      payload: CARD,
    });
    expect(live.json()).toMatchObject({ status: 'paid', payment: 'paid' });
  });

  it('two checkouts of one driver at once still leave one hold', async () => {
    const driver = await newDriver();
    const both = await Promise.all([checkout(driver, '198.51.100.30', 150), checkout(driver, '198.51.100.31', 154)]);
    expect(both.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(await holding(both.map((res) => res.json().bookingId))).toHaveLength(1);
  });

  it('one address keeps at most a few unpaid bookings at once, whoever checks out; paying frees a place', async () => {
    const from = '203.0.113.50';
    const accepted: { bookingId: string; headers: Headers }[] = [];
    for (let i = 0; i < OPEN_CHECKOUTS_PER_ADDRESS; i++) {
      const headers = await newDriver();
      const res = await checkout(headers, from, 170 + 4 * i);
      expect(res.statusCode).toBe(201);
      accepted.push({ bookingId: res.json().bookingId, headers });
    }
    // The next driver, and a guest, from the same address: refused, nothing written.
    const refused = await checkout(await newDriver(), from, 200);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/unpaid bookings/) });
    const email = `guest-holder-${Date.now()}@example.com`;
    const guest = await checkout({}, from, 204, { driver: guestDriver(email) });
    expect(guest.statusCode).toBe(429);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // Pay later as a guest is no way round it: a booking nobody paid for blocks the car all the same.
    const payLater = { paymentOption: 'payLater', driver: guestDriver(`later-${Date.now()}@example.com`) };
    expect((await checkout({}, from, 208, payLater)).statusCode).toBe(429);
    // From another address, and once one of the holds is paid, checkout goes on.
    expect((await checkout(await newDriver(), '203.0.113.51', 212)).statusCode).toBe(201);
    const first = accepted[0]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${first.bookingId}`,
      headers: first.headers,
      payload: CARD,
    });
    expect(paid.statusCode).toBe(200);
    expect((await checkout(await newDriver(), from, 216)).statusCode).toBe(201);
  });

  it('the limit is shared by every server process (it is read from the database)', async () => {
    const other = await t.sibling();
    const from = '203.0.113.60';
    for (let i = 0; i < OPEN_CHECKOUTS_PER_ADDRESS; i++) {
      const app = i % 2 ? other : t.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: await newDriver(),
        remoteAddress: from,
        payload: checkoutBody({ paymentOption: 'full' }, 230 + 4 * i),
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await other.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: await newDriver(),
      remoteAddress: from,
      payload: checkoutBody({ paymentOption: 'full' }, 260),
    });
    expect(refused.statusCode).toBe(429);
  });

  it("guests' pay-later bookings count for their address; a signed-in driver may book several cars at the counter", async () => {
    const from = '203.0.113.65';
    for (let i = 0; i < OPEN_CHECKOUTS_PER_ADDRESS; i++) {
      const guest = { paymentOption: 'payLater', driver: guestDriver(`counter-${i}-${Date.now()}@example.com`) };
      expect((await checkout({}, from, 240 + 4 * i, guest)).statusCode).toBe(201);
    }
    const third = { paymentOption: 'payLater', driver: guestDriver(`counter-x-${Date.now()}@example.com`) };
    expect((await checkout({}, from, 252, third)).statusCode).toBe(429);
    const driver = await newDriver();
    for (let i = 0; i < 3; i++) {
      expect((await checkout(driver, '203.0.113.66', 256 + 4 * i, { paymentOption: 'payLater' })).statusCode).toBe(201);
    }
  });

  it("a guest's e-mail holds one booking: it becomes an account at the first checkout", async () => {
    const email = `once-${Date.now()}@example.com`;
    expect((await checkout({}, '203.0.113.70', 270, { driver: guestDriver(email) })).statusCode).toBe(201);
    const again = await checkout({}, '203.0.113.71', 274, { driver: guestDriver(email) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  it("a guest browser's new checkout releases its earlier unpaid hold", async () => {
    const first = await checkout({}, '203.0.113.80', 280, {
      driver: guestDriver(`browser-a-${Date.now()}@example.com`),
    });
    const cookie = first.cookies.find((c) => c.name === 'roam_guest')!;
    const browser = { cookie: `${cookie.name}=${cookie.value}` };
    const second = await checkout(browser, '203.0.113.81', 284, {
      driver: guestDriver(`browser-b-${Date.now()}@example.com`),
    });
    expect(second.statusCode).toBe(201);
    expect(await holding([first.json().bookingId, second.json().bookingId])).toEqual([second.json().bookingId]);
  });

  it(`checkout is rate limited per address: ${CHECKOUT_RATE_LIMIT.max} a minute`, async () => {
    const from = '203.0.113.90';
    // Checkouts the rules refuse (a car not offered at that place) count too: guessing costs the same.
    const elsewhere = {
      pickupLocationId: DEMO_IDS.locations.niceAirport,
      dropoffLocationId: DEMO_IDS.locations.niceAirport,
    };
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.max; i++) {
      expect((await checkout(await newDriver(), from, 300, elsewhere)).statusCode).toBe(400);
    }
    const limited = await checkout(await newDriver(), from, 300);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await checkout(await newDriver(), '203.0.113.91', 300)).statusCode).toBe(201);
  });
});
