import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, promoCodeUses, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// docs/architecture.md §5 "Promo codes": checkouts racing for a code's last use — each a customer of its own, a
// period of its own (the car is not what they contend for) — give exactly one booking with the code; the others are
// refused at the code's field, and nothing else is written for them. Runs on PostgreSQL too (vitest.config.ts).
const RACERS = Number(process.env.PROMO_RACERS ?? 100);

describe("checkouts racing for a promo code's last use", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`${RACERS} customers at once for the last use: exactly one gets it`, async () => {
    await t.db.insert(promoCodes).values({
      supplierId: DEMO_IDS.suppliers.azurCoast,
      code: 'LAST-ONE',
      kind: 'percent',
      value: 25,
      usageLimit: 1,
    });
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    const made = await t.db
      .insert(users)
      .values(Array.from({ length: RACERS }, (_, i) => ({ ...rest, email: `promo-racer-${i}@example.com` })))
      .returning({ id: users.id });
    const drivers = await Promise.all(made.map((driver) => signIn(t.db, driver.id)));
    const responses = await Promise.all(
      drivers.map((headers, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers,
          // One-day rentals two days apart, far from the demo data's bookings.
          payload: checkoutBody({ promoCode: 'LAST-ONE', ...period1(400 + 2 * i) } as never),
        }),
      ),
    );
    const codes = responses.map((res) => res.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    const refused = responses.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => res.json().fieldErrors?.promoCode)).toEqual(
      Array.from({ length: RACERS - 1 }, () => [PROMO_MESSAGES.usedUp]),
    );
    const uses = await t.db.select().from(promoCodeUses);
    expect(uses.map((use) => use.bookingId)).toEqual([
      responses.find((res) => res.statusCode === 201)!.json().bookingId,
    ]);
  }, 180_000);
});

/** A one-day rental `daysAhead` days out (checkoutBody's period is three days). */
function period1(daysAhead: number) {
  const { pickupAt } = checkoutBody({}, daysAhead) as { pickupAt: string };
  return { pickupAt, dropoffAt: new Date(Date.parse(pickupAt) + 24 * 3600_000).toISOString() };
}
