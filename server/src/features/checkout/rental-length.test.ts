import type { RunTimeSettingsState } from '@roam/contract/booking-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The second outside audit, item 10: a pay-later checkout to the year 2327 held a car for 300 years, and with a
// currency of many units to the euro the total overflowed its column (500). A booking is at most the booking rules'
// maximum rental length (90 days unless the admin changes it), and an amount too large to store is a 400.

describe('checkout: the longest rental and amounts that fit (second audit, item 10)', () => {
  let t: TestApp;
  let admin: { cookie: string };
  let email = 0;
  const guest = () => guestDriver(`long-rental-${++email}@example.com`);
  const checkout = (payload: object) => t.app.inject({ method: 'POST', url: '/api/checkout', payload });
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  it('refuses a rental longer than 90 days by default, on the drop-off, for checkout and search alike', async () => {
    const centuries = await checkout({
      ...checkoutBody({ dropoffAt: '2327-06-01T10:00:00+02:00' }, 20),
      driver: guest(),
    });
    expect(centuries.statusCode, centuries.body).toBe(400);
    expect(centuries.json().fieldErrors.dropoffAt).toEqual(['Rental duration is too long']);
    const ninetyOne = await checkout({ ...checkoutBody(period(20, 91)), driver: guest() });
    expect(ninetyOne.statusCode).toBe(400);
    expect(ninetyOne.json().fieldErrors.dropoffAt).toEqual(['Rental duration is too long']);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/search-cars/1/5',
      payload: {
        pickupLocationId: DEMO_IDS.locations.parisCdg,
        dropoffLocationId: DEMO_IDS.locations.parisCdg,
        ...period(20, 91),
      },
    });
    expect(search.statusCode).toBe(400);
    const ninety = await checkout({ ...checkoutBody({}, 20), ...period(20, 90), driver: guest() });
    expect(ninety.statusCode, ninety.body).toBe(201);
    await t.db.delete(bookings).where(eq(bookings.id, ninety.json().bookingId));
  });

  it('is a booking rule the admin changes with the others, shown in the settings', async () => {
    const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(await settings()).toMatchObject({ maxRentalDays: 90 });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-booking-rules',
      headers: admin,
      payload: { maxRentalDays: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as RunTimeSettingsState).values.maxRentalDays).toBe(30);
    expect(await settings()).toMatchObject({ maxRentalDays: 30 });
    const month = await checkout({ ...checkoutBody({}, 30), ...period(30, 31), driver: guest() });
    expect(month.statusCode).toBe(400);
    expect(month.json().fieldErrors.dropoffAt).toEqual(['Rental duration is too long']);
    const outOfRange = await t.app.inject({
      method: 'PUT',
      url: '/api/update-booking-rules',
      headers: admin,
      payload: { maxRentalDays: 100_000 },
    });
    expect(outOfRange.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-booking-rules',
      headers: admin,
      payload: { maxRentalDays: null },
    });
    expect(await settings()).toMatchObject({ maxRentalDays: 90 });
  });

  it('answers 400, not 500, when a total in a currency of many units to the euro does not fit its column', async () => {
    // The dearest daily price an operator may set (1,000,000.00 EUR), 60 days, in dong (30,100 to the euro).
    const [clio] = await t.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    const dearest = { dailyPrice: 100_000_000, isDateBasedPrice: false };
    const noTiers = { weeklyPrice: null, biWeeklyPrice: null, monthlyPrice: null, discountedDailyPrice: null };
    const noDiscounts = { discountedWeeklyPrice: null, discountedBiWeeklyPrice: null, discountedMonthlyPrice: null };
    await t.db
      .update(cars)
      .set({ ...dearest, ...noTiers, ...noDiscounts })
      .where(eq(cars.id, DEMO_IDS.cars.clio));
    const res = await checkout({ ...checkoutBody({ currency: 'VND' }, 40), ...period(40, 60), driver: guest() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { currency: [expect.any(String)] } });
    const euros = await checkout({ ...checkoutBody({}, 40), ...period(40, 2), driver: guest() });
    expect(euros.statusCode, euros.body).toBe(201);
    await t.db.update(cars).set(clio!).where(eq(cars.id, DEMO_IDS.cars.clio));
  });
});
