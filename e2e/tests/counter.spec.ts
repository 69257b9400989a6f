import type { APIRequest, APIRequestContext } from '@playwright/test';
import { audit } from './axe.ts';
import { apiAs, expect, locale, ownPage, signInFromPage, test, text } from './fixtures.ts';
import { midDayZone } from './mid-day.ts';

// The counter in the browser against the real server (docs/architecture.md §5 "After the booking"), lean: one
// rental, at the narrowest phone width, in English. A guest's booking picked up today at a place of its own is
// checked out — licence, odometer, fuel, the checklist — and signed the keyboard's way (the full name typed, the
// consent ticked); the agreement is then the booking's, signed "typed". At the return 3/8 of the tank is missing:
// the fuel charge is quoted with its computation and the return confirmed; the balance is taken in cash and the
// rental closed. Axe audits the screens, and none is wider than the phone. The rest (the pad drawn with a pointer, damage and photos, the online check-in, the no-show,
// the dashboard and the scheduler) is covered by the screens' and the server's tests.

const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
/** The narrowest phone the console is made for. */
const PHONE = { width: 360, height: 780 };
test.describe.configure({ timeout: 120_000 });

/** A place of its own where it is now mid-day, and a car of the supplier's there: 100 km a day, like-for-like fuel. */
async function placeAndCar(request: APIRequest, tag: string) {
  const zone = midDayZone();
  const admin = await apiAs(request, ADMIN);
  const { countries } = (await (await admin.context.get('/api/admin-locations')).json()) as {
    countries: { _id: string }[];
  };
  const placeName = `Lot ${tag}`;
  const place = await admin.context.post('/api/create-location', {
    data: {
      countryId: countries[0]?._id,
      parentId: null,
      names: { en: placeName, fr: placeName, es: placeName, se: placeName, de: placeName },
      kind: 'city',
      address: null,
      latitude: 10,
      longitude: 20,
      timeZone: zone,
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const placeId = ((await place.json()) as { _id: string })._id;
  await admin.context.dispose();
  const supplier = await apiAs(request, SUPPLIER);
  const carName = `Counter Clio ${tag}`;
  const car = await supplier.context.post('/api/create-car', {
    data: {
      name: carName,
      range: 'mini',
      fuelType: 'gasoline',
      gearbox: 'manual',
      seats: 5,
      doors: 5,
      aircon: true,
      mileage: 100,
      fuelPolicy: 'likeForlike',
      deposit: 50_000,
      locationIds: [placeId],
      dailyPrice: 4000,
    },
  });
  expect(car.status(), await car.text()).toBe(201);
  const carId = ((await car.json()) as { _id: string })._id;
  return { zone, placeId, placeName, carId, carName, supplier };
}

/** A guest's pay-later booking of the car, from `pickupAt`, for a day. */
async function guestBooking(
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
const inTwoHours = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);

test('a car checked out with a typed signature and taken back with a fuel charge, at 360 px', async ({
  page,
  playwright,
}, testInfo) => {
  const t = (key: string) => text(locale('en'), key);
  const tag = `${testInfo.repeatEachIndex}-${Date.now() % 1_000_000}`;
  const at = await placeAndCar(playwright.request, tag);
  const { bookingId, summary } = await guestBooking(playwright, at, inTwoHours(), `counter.${tag}@example.com`, 'en');
  const found: string[] = [];
  const notWider = async (where: string) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > PHONE.width) found.push(`${where}: ${wide} px wide`);
  };

  await page.setViewportSize(PHONE);
  await page.goto('/about?l=en');
  await signInFromPage(page, SUPPLIER);
  await page.goto(`/operator/bookings/${bookingId}/check-out?l=en`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(summary.reference);

  // The licence (the birth date is the customer's), the readings, the checklist.
  await page.getByLabel(t('checkIn.licence.licenseNumber')).fill('12AB34567');
  await page.getByLabel(t('checkIn.licence.licenseCountry')).fill('fr');
  await page.getByLabel(t('checkIn.licence.licenseExpiresOn')).fill('2031-05-17');
  await expect(page.getByLabel(t('checkIn.licence.birthDate'))).toHaveValue('1990-05-17');
  await page.getByLabel(t('operatorCounter.readings.odometer')).fill('10000');
  await page.getByText('8/8', { exact: true }).click();
  await page
    .getByRole('group', { name: t('operatorCounter.checklist.title') })
    .getByRole('checkbox')
    .first()
    .check();

  // Signed by keyboard alone: the typed way chosen with the space bar, the name as the booking has it, the consent.
  const typed = page.getByRole('radio', { name: t('checkIn.signature.typed') });
  await typed.focus();
  await page.keyboard.press('Space');
  await expect(typed).toBeChecked();
  await expect(page.getByLabel(t('checkIn.signature.signerName'))).toHaveValue('Robin Counter');
  const consent = page.getByRole('checkbox', { name: t('checkIn.signature.consent') });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await audit(page, found, 'check-out');
  await notWider('check-out');
  const handOver = page.getByRole('button', { name: t('operatorCounter.checkOut.submit') });
  await handOver.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: at.carName })).toBeVisible({ timeout: 30_000 });

  const documents = (await (await page.request.get(`/api/booking-documents/${bookingId}`)).json()) as {
    results: { kind: string; signedAt: string | null; signatureMethod: string | null; signerName: string | null }[];
  };
  const agreement = documents.results.find((document) => document.kind === 'agreement');
  expect(agreement).toMatchObject({ signatureMethod: 'typed', signerName: 'Robin Counter' });
  expect(agreement?.signedAt).toBeTruthy();

  // The return: the tank 3/8 short, within the kilometres allowed (100 a day).
  await page.goto(`/operator/bookings/${bookingId}/return?l=en`);
  await page.getByLabel(t('operatorCounter.readings.odometer')).fill('10050');
  await page.getByText('5/8', { exact: true }).click();
  await page.getByRole('button', { name: t('operatorCounter.return.quote') }).click();
  const charges = page.getByRole('region', { name: t('operatorCounter.return.charges') });
  // The supplier's rules: 2.50 € a litre and a 20 € refuelling fee, the car's tank 50 l.
  await expect(charges).toContainText(/3\/8 × 50\s?[lL] × 2\.50 € \+ 20 € .*= 66\.88 €/);
  await audit(page, found, 'return');
  await notWider('return');
  await page.getByRole('button', { name: t('operatorCounter.return.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: at.carName })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/66\.88 €/).first()).toBeVisible();

  // Settled at the desk: the balance (the rental paid later, and the fuel) taken in cash, then the rental closed.
  const settlement = page.getByRole('region', { name: t('operatorCounter.settlement.title') });
  const close = settlement.getByRole('button', { name: t('operatorCounter.settlement.close') });
  await expect(close).toBeDisabled();
  await settlement.getByText(t('operatorCounter.settlement.cash'), { exact: true }).click();
  await settlement.getByRole('button', { name: t('operatorCounter.settlement.recordButton') }).click();
  await expect(close).toBeEnabled({ timeout: 30_000 });
  await audit(page, found, 'settlement');
  await notWider('settlement');
  await close.click();
  await expect(settlement.getByText(t('operatorCounter.settlement.isClosed'))).toBeVisible({ timeout: 30_000 });
  const closed = (await (await page.request.get(`/api/booking-documents/${bookingId}`)).json()) as {
    results: { kind: string }[];
  };
  expect(closed.results.map((document) => document.kind)).toContain('receipt');
  await at.supplier.context.dispose();
  expect(found).toEqual([]);
});
