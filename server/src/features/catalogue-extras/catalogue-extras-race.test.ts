import { CATALOGUE_EXTRA_MESSAGES } from '@roam/contract/catalogue-extras';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingCatalogueExtras,
  carLocations,
  cars,
  catalogueExtraStock,
  catalogueExtras,
  users,
} from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// docs/decisions/0016-extra-stock-row-locks.md: the last child seat at a location, wanted by concurrent checkouts of
// different cars over one period, is sold exactly once — on PGlite and on PostgreSQL (vitest.config.ts), where the
// checkouts really run at once on several connections.
const CONCURRENT = Number(process.env.CHECKOUT_CONCURRENCY ?? 50);

describe('concurrent checkouts of the last child seat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`${CONCURRENT} at once, each of its own car: exactly one gets the seat, the rest 409, no 5xx`, async () => {
    const place = DEMO_IDS.locations.parisCdg;
    const [clio] = await t.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    const { id: _id, createdAt: _c, updatedAt: _u, ...car } = clio!;
    const made = await t.db
      .insert(cars)
      .values(Array.from({ length: CONCURRENT }, () => ({ ...car, licensePlate: null })))
      .returning({ id: cars.id });
    await t.db.insert(carLocations).values(made.map((row) => ({ carId: row.id, locationId: place })));
    const [seat] = await t.db
      .insert(catalogueExtras)
      .values({
        supplierId: clio!.supplierId,
        names: { en: 'Child seat', fr: 'Siège enfant', es: 'Silla infantil', se: 'Barnstol', de: 'Kindersitz' },
        charge: 'perDay',
        price: 700,
      })
      .returning({ id: catalogueExtras.id });
    await t.db.insert(catalogueExtraStock).values({ extraId: seat!.id, locationId: place, quantity: 1 });

    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _driverId, email: _email, ...driver } = template;
    const drivers = await t.db
      .insert(users)
      .values(Array.from({ length: CONCURRENT }, (_, i) => ({ ...driver, email: `seat-${i}@example.com` })))
      .returning({ id: users.id });
    const sessions = await Promise.all(drivers.map((row) => signIn(t.db, row.id)));
    const responses = await Promise.all(
      made.map((row, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: sessions[i]!,
          payload: checkoutBody(
            {
              carId: row.id,
              paymentOption: i % 3 === 0 ? 'payLater' : 'full',
              catalogueExtras: [{ extraId: seat!.id, quantity: 1 }],
            },
            40,
          ),
        }),
      ),
    );
    const codes = responses.map((res) => res.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(CONCURRENT - 1);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().fieldErrors).toEqual({ catalogueExtras: [CATALOGUE_EXTRA_MESSAGES.soldOut] });
    }
    const held = await t.db.select().from(bookingCatalogueExtras).where(eq(bookingCatalogueExtras.extraId, seat!.id));
    expect(held).toHaveLength(1);
  }, 120_000);
});
