import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// docs/architecture.md §5 "No double booking, ever": concurrent checkouts of one car and period give exactly one booking.
const CONCURRENT = Number(process.env.CHECKOUT_CONCURRENCY ?? 50);

describe('concurrent checkouts of one car and period', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`${CONCURRENT} at once: exactly one succeeds, the rest are 409, no 5xx`, async () => {
    // Each checkout by a driver of its own, from an address of its own (test-app.ts): one driver's second checkout
    // would release their first hold, and one address keeps only a few unpaid bookings — rules of their
    // own, tested in security/holds.test.ts. Here only the car is contended.
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    const made = await t.db
      .insert(users)
      .values(Array.from({ length: CONCURRENT }, (_, i) => ({ ...rest, email: `contender-${i}@example.com` })))
      .returning({ id: users.id });
    const drivers = await Promise.all(made.map((driver) => signIn(t.db, driver.id)));
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: drivers[i]!,
          payload: checkoutBody({ paymentOption: i % 3 === 0 ? 'payLater' : 'full' }, 25),
        }),
      ),
    );
    const codes = responses.map((res) => res.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(CONCURRENT - 1);
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('CAR_UNAVAILABLE');
    const rows = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.carId, DEMO_IDS.cars.clio), eq(bookings.blocksCar, true)));
    expect(rows).toHaveLength(1);
  }, 120_000);
});
