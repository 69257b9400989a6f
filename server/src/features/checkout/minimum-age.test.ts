import { FLEET_MESSAGES } from '@roam/contract/fleet';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A car's own minimum driver age (docs/architecture.md §5 "Fees by rule"): 18 to 99, a new car's 21, set in the car
// editor; checkout and the walk-in refuse a younger driver naming the car's minimum, and take one from 18 when the
// car allows it.

const { clio: CLIO, minimumAge25: AGE_25 } = DEMO_IDS.cars;
/** A birth date that makes the driver `age` on the pick-up day, `daysAhead` days from now (a month's margin). */
const bornAged = (age: number) => {
  const day = new Date(Date.now() - 30 * 86_400_000);
  day.setUTCFullYear(day.getUTCFullYear() - age);
  return day.toISOString().slice(0, 10);
};

describe("a car's minimum driver age", () => {
  let t: TestApp;
  let owner: { cookie: string };
  let counter: { cookie: string };
  let ip = 0;
  let guests = 0;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.43.0.${++ip % 250}`, ...options });
  const setMinimum = (carId: string, minimumAge: number) =>
    inject({ method: 'PUT', url: '/api/update-car', headers: owner, payload: { _id: carId, minimumAge } });
  /** A guest checkout of `carId`, `daysAhead` days out, by a driver of `age`. */
  const checkout = (carId: string, age: number, daysAhead: number) =>
    inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody(
        { carId, driver: { ...guestDriver(`age.guest${++guests}@example.com`), birthDate: bornAged(age) } } as never,
        daysAhead,
      ),
    });
  /** The counter agent's walk-in booking of `carId` for a new customer of `age`. */
  const walkIn = (carId: string, age: number, daysAhead: number) => {
    const { paymentOption: _, ...choices } = checkoutBody({ carId } as never, daysAhead);
    const { acceptTerms: __, ...fields } = guestDriver(`age.desk${++guests}@example.com`);
    return inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: counter,
      payload: {
        ...choices,
        customer: { kind: 'new', ...fields, birthDate: bornAged(age), language: 'en' },
        payment: 'counter',
      },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    counter = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
  });
  afterAll(() => t.close());

  it('may be 18 to 99 in the car editor, and refuses 17 at its field', async () => {
    const low = await setMinimum(CLIO, 17);
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors.minimumAge).toEqual([FLEET_MESSAGES.minimumAge]);
    expect(FLEET_MESSAGES.minimumAge).toBe('The minimum driver age must be at least 18.');
    const set = await setMinimum(CLIO, 18);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().minimumAge).toBe(18);
  });

  it('a car of 18 takes an 18-year-old at checkout and the walk-in, and refuses a 17-year-old naming 18', async () => {
    expect((await setMinimum(CLIO, 18)).statusCode).toBe(200);
    const adult = await checkout(CLIO, 18, 40);
    expect(adult.statusCode, adult.body).toBe(201);
    const desk = await walkIn(CLIO, 18, 50);
    expect(desk.statusCode, desk.body).toBe(201);
    const minor = await checkout(CLIO, 17, 60);
    expect(minor.statusCode).toBe(400);
    expect(minor.json().fieldErrors['driver.birthDate']).toEqual(['You must be at least 18 years old.']);
  });

  it('a car of 25 refuses a 22-year-old at checkout and at the walk-in, naming 25', async () => {
    const online = await checkout(AGE_25, 22, 70);
    expect(online.statusCode).toBe(400);
    expect(online.json().fieldErrors['driver.birthDate']).toEqual(['You must be at least 25 years old.']);
    const desk = await walkIn(AGE_25, 22, 80);
    expect(desk.statusCode).toBe(400);
    expect(desk.json().fieldErrors).toEqual({ 'customer.birthDate': ['You must be at least 25 years old.'] });
  });
});
