import type { SearchCarsResponse } from '@roam/contract/cars';
import type { CreateCarBody, OperatorCar } from '@roam/contract/fleet';
import { zonedToInstant } from '@roam/contract/time';
import { expect } from 'vitest';
import type { Db } from '#server/db/client.ts';
import type { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from './booking-fixtures.ts';
import { signIn } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

// Helpers of the operator console's tests: a car as an operator creates it, the operator's calls, and
// the customer search that must see every change at once.

export const L = DEMO_IDS.locations;

/** 'YYYY-MM-DD', `days` from today (UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

/** A rental `daysAhead` from today at 10:00 Lyon time, `days` long. */
export function lyonPeriod(daysAhead: number, days: number) {
  return {
    pickupAt: zonedToInstant({ date: dayFromNow(daysAhead), time: '10:00' }, 'Europe/Paris').toISOString(),
    dropoffAt: zonedToInstant({ date: dayFromNow(daysAhead + days), time: '10:00' }, 'Europe/Paris').toISOString(),
  };
}

type Period = { pickupAt: string; dropoffAt: string };

/** A pay-later checkout of a car at Lyon airport over `when` (the driver signs in; extras as chosen). */
export const lyonCheckout = (carId: string, when: Period, extras: Record<string, boolean> = {}) => ({
  carId,
  pickupLocationId: L.lyonAirport,
  dropoffLocationId: L.lyonAirport,
  ...when,
  extras,
  paymentOption: 'payLater',
  currency: 'EUR',
});

/** A bookings row of a car at Lyon airport, written straight to the database (booking-fixtures.ts bookingRow). */
export const lyonBooking = (carId: string, when: Period, overrides: Partial<typeof bookings.$inferInsert> = {}) =>
  bookingRow(when, { carId, pickupLocationId: L.lyonAirport, dropoffLocationId: L.lyonAirport, ...overrides });

/** A complete car at Lyon airport: weekly and date-based prices, theft protection priced, cancellation included. */
export function newCar(overrides: Partial<CreateCarBody> = {}): CreateCarBody {
  return {
    name: 'Peugeot 308 SW',
    licensePlate: 'gh-123-jk',
    range: 'midi',
    fuelType: 'diesel',
    gearbox: 'automatic',
    seats: 5,
    doors: 5,
    aircon: true,
    mileage: -1,
    fuelPolicy: 'fullToFull',
    multimedia: ['bluetooth', 'appleCarPlay'],
    deposit: 60000,
    minimumAge: 23,
    locationIds: [L.lyonAirport],
    dailyPrice: 5000,
    discountedDailyPrice: 4500,
    weeklyPrice: 28000,
    isDateBasedPrice: true,
    dateBasedPrices: [
      { startDate: dayFromNow(30), endDate: dayFromNow(39), dailyPrice: 7000 },
      { startDate: dayFromNow(40), endDate: dayFromNow(49), dailyPrice: 6000 },
    ],
    cancellation: 0,
    amendments: -1,
    theftProtection: 850,
    collisionDamageWaiver: 1200,
    fullInsurance: -1,
    additionalDriver: 500,
    ...overrides,
  };
}

type Headers = { cookie: string } | Record<string, never>;

export function operatorCalls(t: TestApp) {
  return {
    async create(headers: Headers, body: unknown) {
      return t.app.inject({ method: 'POST', url: '/api/create-car', headers, payload: body as object });
    },
    async update(headers: Headers, body: unknown) {
      return t.app.inject({ method: 'PUT', url: '/api/update-car', headers, payload: body as object });
    },
    async read(headers: Headers, id: string) {
      return t.app.inject({ method: 'GET', url: `/api/car/${id}`, headers });
    },
    async remove(headers: Headers, id: string) {
      return t.app.inject({ method: 'DELETE', url: `/api/delete-car/${id}`, headers });
    },
    /** Creates a car and answers it (fails the test on any other answer than 201). */
    async created(headers: Headers, overrides: Partial<CreateCarBody> = {}): Promise<OperatorCar> {
      const res = await t.app.inject({ method: 'POST', url: '/api/create-car', headers, payload: newCar(overrides) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as OperatorCar;
    },
  };
}

/** The customer search at a place over a period, of one supplier's cars (one page of up to 100). */
export async function search(
  t: TestApp,
  place: string,
  when: { pickupAt: string; dropoffAt: string },
  supplierId: string,
): Promise<SearchCarsResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search-cars/1/100',
    payload: { pickupLocationId: place, dropoffLocationId: place, ...when, suppliers: [supplierId] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchCarsResponse;
}

/** Sessions of the console's callers: the demo supplier, another supplier (Kestrel), the admin, a driver. */
export async function operatorSessions(db: Db) {
  return {
    supplier: await signIn(db, DEMO_ACCOUNTS.supplier.id),
    otherSupplier: await signIn(db, DEMO_IDS.suppliers.kestrel),
    admin: await signIn(db, DEMO_ACCOUNTS.admin.id),
    driver: await signIn(db, DEMO_ACCOUNTS.driver.id),
  };
}
