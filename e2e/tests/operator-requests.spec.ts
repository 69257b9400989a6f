import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { audit } from './axe.ts';
import { expect, locale, ownPage, rentalPeriod, test, text } from './fixtures.ts';

// In the browser against the real server: the demo supplier edits its profile and a driver's
// search shows the new name on its cars; it approves one of a driver's cancellation requests (the driver's booking
// reads cancelled) and declines the other with a message (the driver's notification says it). Then axe, 360 px and
// the keyboard on both screens. Serial: the two languages edit the one demo supplier's profile.

type Language = 'en' | 'fr';
const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const DRIVER = { email: 'driver@roam.localhost', password: 'Driver-2026!' };
const DEMO_NAME = 'Azur Coast Rentals';
// Periods of their own, far from the other specs' (operator-fleet uses 300 to 350 days ahead).
const OFFSETS: Record<Language, number> = { en: 500, fr: 540 };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function signIn(page: Page, account: { email: string; password: string }, language: Language) {
  const t = (key: string) => text(locale(language), key);
  await page.goto(`/sign-in?l=${language}`);
  await page.getByRole('main').getByLabel(t('auth.fields.email')).fill(account.email);
  await page.getByRole('main').getByLabel(t('auth.fields.password')).fill(account.password);
  await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Two of the supplier's cars that drivers can book, each with a place it serves (the supplier's own API). */
/**
 * Two of the supplier's bookable cars; with `uncovered`, cars whose price does not include the cancellation extra (a
 * paid booking's cancel is then a request, not decided at once).
 */
async function bookableCars(request: APIRequestContext, uncovered = false) {
  const list = await request.post('/api/cars/1/15', { data: { availability: ['available'] }, headers: ownPage() });
  expect(list.ok()).toBe(true);
  const rows = ((await list.json()) as { results: { _id: string; fullyBooked: boolean; supplier: { _id: string } }[] })
    .results;
  const cars = [];
  for (const row of rows.filter((car) => !car.fullyBooked)) {
    if (cars.length === 2) break;
    const car = (await (await request.get(`/api/car/${row._id}`)).json()) as {
      locationIds: string[];
      cancellation: number;
    };
    if (uncovered && car.cancellation === 0) continue;
    cars.push({ carId: row._id, placeId: car.locationIds[0] ?? '', supplierId: row.supplier._id });
  }
  expect(cars).toHaveLength(2);
  return cars;
}

/** A driver's browser, signed in, in `language`. */
async function driverPage(browser: Browser, language: Language) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DRIVER, language);
  return page;
}

for (const language of ['en', 'fr'] as const) {
  const t = (key: string) => text(locale(language), key);

  test(`${language}: a supplier renames its business and drivers' search shows the new name on its cars`, async ({
    page,
  }) => {
    await signIn(page, SUPPLIER, language);
    const [car] = await bookableCars(page.request);
    const renamed = `${DEMO_NAME} ${language.toUpperCase()}`;
    await page.goto(`/operator/profile?l=${language}`);
    const name = page.getByRole('textbox', { name: t('operatorProfile.fields.name'), exact: true });
    await name.fill(renamed);
    // The percentage is the admin's: a supplier reads it only.
    await expect(
      page.getByRole('textbox', { name: t('operatorProfile.fields.priceChangeRate'), exact: true }),
    ).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: t('operatorProfile.save') }).click();
    await expect(page.getByText(t('operatorProfile.saved'))).toBeVisible();

    try {
      const params = new URLSearchParams({
        pickupLocationId: car?.placeId ?? '',
        dropoffLocationId: car?.placeId ?? '',
        ...rentalPeriod(OFFSETS[language] + 30, 3),
        suppliers: car?.supplierId ?? '',
        l: language,
      });
      await page.goto(`/search?${params}`);
      const logo = t('cars.supplierLogo').replace('{{name}}', renamed);
      await expect(page.getByRole('article').first().getByRole('img', { name: logo, exact: true })).toBeVisible({
        timeout: 15_000,
      });
    } finally {
      // The other specs meet the demo supplier by its demo name.
      const restored = await page.request.put('/api/update-supplier', {
        data: { _id: car?.supplierId, fullName: DEMO_NAME },
        headers: ownPage(),
      });
      expect(restored.ok()).toBe(true);
    }
  });

  test(`${language}: the supplier approves one request (the booking reads cancelled) and declines the other with a message`, async ({
    page,
    browser,
    playwright,
  }) => {
    await signIn(page, SUPPLIER, language);
    const cars = await bookableCars(page.request, true);

    // The driver books two of the supplier's cars, pays online without the cancellation cover, and asks to cancel
    // both: requests, as the terms do not make them free.
    const driver = await playwright.request.newContext({
      baseURL: new URL(page.url()).origin,
      extraHTTPHeaders: ownPage(),
    });
    expect((await driver.post('/api/sign-in/frontend', { data: { ...DRIVER, stayConnected: false } })).ok()).toBe(true);
    const bookings: string[] = [];
    for (const [index, car] of cars.entries()) {
      const booked = await driver.post('/api/checkout', {
        data: {
          carId: car.carId,
          pickupLocationId: car.placeId,
          dropoffLocationId: car.placeId,
          ...rentalPeriod(OFFSETS[language] + index * 7, 3),
          extras: {},
          paymentOption: 'full',
          currency: 'EUR',
        },
      });
      expect(booked.status()).toBe(201);
      const { bookingId } = (await booked.json()) as { bookingId: string };
      const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
      const card = {
        cardNumber: '4242 4242 4242 4242',
        expiry: `12/${year}`,
        cvc: '123',
        cardholder: 'Camille Martin',
      };
      expect((await driver.post(`/api/demo-payment/${bookingId}`, { data: card })).ok()).toBe(true);
      expect((await driver.post(`/api/cancel-booking/${bookingId}`)).ok()).toBe(true);
      bookings.push(bookingId);
    }
    await driver.dispose();
    const [approved = '', declined = ''] = bookings;

    await page.goto(`/operator/cancellation-requests?l=${language}`);
    const queue = page.getByRole('list', { name: t('operatorRequests.title') });
    // Each request links to its booking (named by its short reference).
    const request = (id: string) =>
      queue.getByRole('listitem').filter({ has: page.locator(`a[href="/operator/bookings/${id}"]`) });

    // Approve: the refund the terms give is shown before anything is done (paid, not covered: a day's fee kept).
    await request(approved)
      .getByRole('button', { name: t('operatorRequests.approve'), exact: true })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('operatorRequests.refundWithFee').split('{{refund}}')[0]!);
    await dialog.getByRole('button', { name: t('operatorRequests.approveConfirm') }).click();
    await expect(page.getByText(t('operatorRequests.approved'))).toBeVisible();
    await expect(request(approved)).toHaveCount(0);

    // Decline with a message to the driver.
    const message = `${language}: the car is already on its way to you (${Date.now() % 100_000}).`;
    const declinedCar = (await request(declined).getByRole('heading').textContent()) ?? '';
    await request(declined)
      .getByRole('button', { name: t('operatorRequests.decline') })
      .click();
    await request(declined)
      .getByRole('textbox', { name: t('operatorRequests.message') })
      .fill(message);
    await request(declined)
      .getByRole('button', { name: t('operatorRequests.sendDecline') })
      .click();
    await expect(page.getByText(t('operatorRequests.declined'))).toBeVisible();
    await expect(request(declined)).toHaveCount(0);

    // The driver: the approved booking reads cancelled; the notification gives the supplier's message.
    const driverView = await driverPage(browser, language);
    await driverView.goto(`/booking?b=${approved}&l=${language}`);
    await expect(driverView.getByText(t('bookings.status.cancelled'), { exact: true }).first()).toBeVisible();
    await driverView.goto(`/notifications?l=${language}`);
    const notice = t('notifications.kinds.cancelDeclined')
      .replace('{{car}}', declinedCar)
      .replace('{{message}}', message);
    const select = t('notifications.select').replace('{{message}}', notice);
    await expect(driverView.getByRole('checkbox', { name: select, exact: true })).toBeVisible();
    await driverView.context().close();
  });

  test(`${language}: the profile and requests screens are axe clean, fit 360 px and work from the keyboard`, async ({
    page,
  }) => {
    await signIn(page, SUPPLIER, language);
    await page.setViewportSize({ width: 360, height: 800 });
    const found: string[] = [];
    for (const [where, path, title] of [
      ['profile', '/operator/profile', t('operatorProfile.title')],
      ['requests', '/operator/cancellation-requests', t('operatorRequests.title')],
    ] as const) {
      await page.goto(`${path}?l=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await page.waitForLoadState('networkidle');
      await audit(page, found, where);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > 360) found.push(`${where}: ${wide} px wide at 360`);
    }
    expect(found).toEqual([]);

    // The console's sections lead to both screens; at 360 px they open from the menu button, by keyboard too.
    const sections = page.getByRole('navigation', { name: t('operator.nav.label') });
    await sections.getByRole('button', { name: t('operator.nav.menu') }).focus();
    await page.keyboard.press('Enter');
    await sections.getByRole('link', { name: t('operator.nav.profile') }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/operator\/profile/);

    // The approve dialog from the keyboard: opened with Enter, the safe button focused, closed by Escape.
    await page.goto(`/operator/cancellation-requests?l=${language}`);
    const approve = page.getByRole('button', { name: t('operatorRequests.approve'), exact: true }).first();
    await approve.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('operatorRequests.notNow') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(approve).toBeFocused();
  });
}
