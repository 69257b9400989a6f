import type { APIRequest, APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { apiAs, expect, ownPage } from './fixtures.ts';
import { dateIn, midDayZone } from './mid-day.ts';

// The counter spec's set-up through the API (the UI is not the point there): a place of its own where it is mid-day,
// a car of the demo supplier there, and a guest's booking of it picked up today.

export const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * A place of its own (the admin's to make), named `name` in every language, on `zone`'s clock, with its own opening
 * hours or (null) the site's.
 */
export async function newPlace(request: APIRequest, name: string, zone: string, openingHours: object | null = null) {
  const admin = await apiAs(request, ADMIN);
  const { countries } = (await (await admin.context.get('/api/admin-locations')).json()) as {
    countries: { _id: string }[];
  };
  const place = await admin.context.post('/api/create-location', {
    data: {
      countryId: countries[0]?._id,
      parentId: null,
      names: { en: name, fr: name, es: name, se: name, de: name },
      kind: 'city',
      address: null,
      latitude: 10,
      longitude: 20,
      timeZone: zone,
      openingHours,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const { _id } = (await place.json()) as { _id: string };
  await admin.context.dispose();
  return _id;
}

/**
 * A car of the business signed in as `supplier` at `locationIds`: 40 € a day, 100 km a day, like-for-like fuel, a
 * security deposit of `deposit` (minor units of EUR).
 */
export async function newCar(supplier: APIRequestContext, name: string, locationIds: string[], deposit: number) {
  const car = await supplier.post('/api/create-car', {
    data: {
      name,
      range: 'mini',
      fuelType: 'gasoline',
      gearbox: 'manual',
      seats: 5,
      doors: 5,
      aircon: true,
      mileage: 100,
      fuelPolicy: 'likeForlike',
      deposit,
      locationIds,
      dailyPrice: 4000,
    },
  });
  expect(car.status(), await car.text()).toBe(201);
  return ((await car.json()) as { _id: string })._id;
}

/**
 * A place of its own where it is now mid-day, and a car of the supplier's (`owner`: the demo supplier unless named)
 * there (`newCar`), with a security deposit of `deposit`.
 */
export async function placeAndCar(request: APIRequest, tag: string, deposit = 50_000, owner = SUPPLIER) {
  const zone = midDayZone();
  const placeName = `Lot ${tag}`;
  const placeId = await newPlace(request, placeName, zone);
  const supplier = await apiAs(request, owner);
  const carName = `Counter Clio ${tag}`;
  const carId = await newCar(supplier.context, carName, [placeId], deposit);
  return { zone, placeId, placeName, carId, carName, supplier };
}

/**
 * A business of its own, for a spec that reads its totals (a statement): the admin creates it, its owner sets a
 * password from the invitation's link (as /activate does) and signs in with it.
 */
export async function ownSupplier(request: APIRequest, tag: string, language: string) {
  const admin = await apiAs(request, ADMIN);
  const email = `owner.${tag}@roam.localhost`;
  const created = await admin.context.post('/api/create-supplier', {
    data: {
      fullName: `Hire ${tag}`,
      email,
      language,
      legalName: `Hire ${tag} SAS`,
      legalAddress: '1 rue de la Paix, Paris',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context.dispose();
  const link = new URL(linkIn(await waitForMail(email, { timeoutMs: 20_000 }), '/activate?'), BASE);
  const owner = { email, password: 'Owner-2026!' };
  const context = await request.newContext({ baseURL: BASE, extraHTTPHeaders: ownPage() });
  const activated = await context.post('/api/activate', {
    data: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password: owner.password },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  await context.dispose();
  return owner;
}

/** A guest's pay-later booking of the car, from `pickupAt`, for a day. */
export async function guestBooking(
  playwright: { request: APIRequest },
  at: { carId: string; placeId: string },
  pickupAt: Date,
  email: string,
  language: string,
) {
  // A visitor's own context: a signed-in one would book for its own account.
  const request: APIRequestContext = await playwright.request.newContext({
    baseURL: BASE,
    extraHTTPHeaders: ownPage(),
  });
  const booked = await request.post('/api/checkout', {
    data: {
      carId: at.carId,
      pickupLocationId: at.placeId,
      dropoffLocationId: at.placeId,
      pickupAt: pickupAt.toISOString(),
      dropoffAt: new Date(pickupAt.getTime() + 24 * 3_600_000).toISOString(),
      extras: {},
      paymentOption: 'payLater',
      currency: 'EUR',
      driver: {
        fullName: 'Robin Counter',
        email,
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-17',
        acceptTerms: true,
        language,
      },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const result = (await booked.json()) as { bookingId: string; summary: { reference: string } };
  await request.dispose();
  return result;
}

/** Two whole hours from now, on the hour: a pick-up today at a place where it is mid-day. */
export const inTwoHours = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);

/**
 * Moves the booking, as its supplier corrects one, to have ended about 67 minutes ago (on the minute), picked up an
 * hour before: today still at a place where it is mid-day. The late return's date and time, at the place's clock, is
 * 70 minutes after the drop-off: 3–4 minutes from now, so after the check-out the spec makes meanwhile (a return is
 * never before its check-out) and within the 5 minutes a device's clock may run ahead (return.service.ts).
 */
export async function lateBack(supplier: APIRequestContext, bookingId: string, zone: string) {
  const dropoffAt = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 60_000 - 70 * 60_000);
  const moved = await supplier.post(`/api/update-booking/${bookingId}`, {
    data: { pickupAt: new Date(dropoffAt.getTime() - 3_600_000).toISOString(), dropoffAt: dropoffAt.toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const back = new Date(dropoffAt.getTime() + 70 * 60_000);
  const lateBy70 = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(back);
  return { date: dateIn(zone, back), lateBy70 };
}
