import type { ReturnQuote } from '@roam/contract/counter.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// The price per extra kilometre on the car (docs/architecture.md §5 "After the booking"): the car's own price
// (null: its business's rule) is shown with the car, kept in the booking's terms when it is bought, and the return
// charges the kilometres over the allowance at the booked price — a later change of the car's price changes nothing
// for that booking; a booking made before the price was kept pays the rules of the day.

const DAY = 24 * 3600_000;

describe('the price per extra kilometre, kept with the booking', () => {
  let t: TestApp;
  let owner: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: owner, ...(payload ? { payload } : {}) });
  const setKmPrice = (carId: string, pricePerExtraKm: number | null) =>
    call('PUT', '/api/update-car-charge-rules', { carId, overrides: { pricePerExtraKm } });
  /** Checked out at 20,000 km on its day, quoted back at 20,000 + 3 days × 100 km + 60 km. */
  const quoteSixtyOver = async (id: string, daysAhead: number) => {
    setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    const out = await call('POST', `/api/check-out/${id}`, checkOutBody({ odometer: 20_000 }));
    expect(out.statusCode, out.body).toBe(200);
    setClock(t, new Date(parisAt(daysAhead).getTime() + 3 * DAY));
    const quote = await call('POST', `/api/return-quote/${id}`, {
      odometer: 20_000 + 300 + 60,
      fuel: { kind: 'eighths', eighths: 8 },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    return (quote.json() as ReturnQuote).lines.find((line) => line.kind === 'mileage')?.amount;
  };

  it('is shown with the car, kept in the terms at checkout, and charged at the booked price after a change', async () => {
    const carId = await insertCar(t, { mileage: 100 });
    expect((await setKmPrice(carId, 20)).statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/car/${carId}` });
    expect(shown.json().pricePerExtraKm).toBe(20);

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({ carId, driver: guestDriver('km.guest@example.com') } as never, 40),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.json().bookingId));
    expect(row?.terms.pricePerExtraKm).toBe(20);

    // The car's price changes after the booking: the booking keeps its own.
    expect((await setKmPrice(carId, 50)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/car/${carId}` })).json().pricePerExtraKm).toBe(50);
    const rental = await insertRental(t, 60, 3, { carId, terms: row!.terms });
    expect(await quoteSixtyOver(rental, 60)).toBe(60 * 20);
  });

  it('is carried by the search’s result, and a new price of the car or of its business is searched at once', async () => {
    const [limited, unlimited] = [await insertCar(t, { mileage: 200 }), await insertCar(t, { mileage: -1 })];
    const searched = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search-cars/1/100',
        payload: {
          pickupLocationId: DEMO_IDS.locations.parisCdg,
          dropoffLocationId: DEMO_IDS.locations.parisCdg,
          ...period(80),
          suppliers: [DEMO_IDS.users.supplier],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const results: { _id: string; pricePerExtraKm: number | null }[] = res.json().results;
      const of = (id: string) => results.find((car) => car._id === id)?.pricePerExtraKm;
      return [of(limited), of(unlimited)];
    };
    // The business's rule (the car has no price of its own), then the car's own, then the business's new rule.
    const settings = await call('GET', `/api/counter-settings/${DEMO_IDS.users.supplier}`);
    expect(settings.statusCode, settings.body).toBe(200);
    const rules = settings.json().chargeRules;
    expect(await searched()).toEqual([rules.pricePerExtraKm, null]);
    expect((await setKmPrice(limited, 25)).statusCode).toBe(200);
    expect(await searched()).toEqual([25, null]);
    expect((await setKmPrice(limited, null)).statusCode).toBe(200);
    const changed = await call('PUT', '/api/update-counter-settings', {
      supplierId: DEMO_IDS.users.supplier,
      chargeRules: { ...rules, pricePerExtraKm: 41 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await searched()).toEqual([41, null]);
  });

  it('a booking without a kept price pays the car’s price of the day; unlimited mileage shows none', async () => {
    const carId = await insertCar(t, { mileage: 100 });
    expect((await setKmPrice(carId, 45)).statusCode).toBe(200);
    const rental = await insertRental(t, 70, 3, { carId });
    expect(await quoteSixtyOver(rental, 70)).toBe(60 * 45);
    const unlimited = await insertCar(t, { mileage: -1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/car/${unlimited}` })).json().pricePerExtraKm).toBeNull();
  });
});
