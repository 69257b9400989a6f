import { linkIn, waitForMail } from '../harness/mailbox.ts';
import { audit } from './axe.ts';
import { apiAs, expect, locale, signInFromPage, test, text } from './fixtures.ts';
import { dateIn, midDayZone } from './mid-day.ts';

// In the browser against the real server, in two languages: a driver books a supplier's car
// picked up today at its place; the admin sees the booking on the scheduler at that place and on those days and
// opens it from its bar, and the dashboard shows today's pick-up and the period's revenue; then the admin books the
// same car for a walk-in customer on other days (as its Done-when says). Axe and 360 px on each
// screen. (The supplier's own console is operator-fleet.spec's subject.)
//
// "Today" at a place has to hold a pick-up at least an hour ahead and between 07:00 and 22:00 there, whatever hour
// the test runs: the admin makes a place of its own in a time zone where it is now mid-morning to mid-afternoon, and
// the supplier a car there (every repeat makes its own, named apart).

const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const DRIVER = { email: 'driver@roam.localhost', password: 'Driver-2026!' };
/** A zone where it is now between 09:00 and 16:59, and a pick-up there two whole hours from now. */
function midDay() {
  const now = new Date();
  const zone = midDayZone(now);
  const pickup = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
  return { zone, today: dateIn(zone, now), pickupAt: pickup, dropoffAt: new Date(pickup.getTime() + 24 * 3_600_000) };
}

test.describe.configure({ timeout: 120_000 });

for (const language of ['en', 'fr'] as const) {
  const t = (key: string) => text(locale(language), key);

  test(`${language}: a booking picked up today shows on the scheduler and the dashboard, and opens from its bar`, async ({
    page,
    playwright,
    browser,
  }, testInfo) => {
    const when = midDay();
    const tag = `${language}-${testInfo.repeatEachIndex}-${Date.now() % 1_000_000}`;

    // The admin's place in that zone; the supplier's car there; the driver's booking, picked up today.
    const admin = (await apiAs(playwright.request, ADMIN)).context;
    const { countries } = (await (await admin.get('/api/admin-locations')).json()) as { countries: { _id: string }[] };
    const placeName = `Desk ${tag}`;
    const place = await admin.post('/api/create-location', {
      data: {
        countryId: countries[0]?._id,
        parentId: null,
        names: { en: placeName, fr: placeName, es: placeName, se: placeName, de: placeName },
        kind: 'city',
        address: null,
        latitude: 10,
        longitude: 20,
        timeZone: when.zone,
      },
    });
    expect(place.status(), await place.text()).toBe(201);
    const placeId = ((await place.json()) as { _id: string })._id;
    await admin.dispose();

    const supplier = (await apiAs(playwright.request, SUPPLIER)).context;
    const car = await supplier.post('/api/create-car', {
      data: {
        name: `Scheduler Clio ${tag}`,
        range: 'mini',
        fuelType: 'gasoline',
        gearbox: 'manual',
        seats: 5,
        doors: 5,
        aircon: true,
        mileage: -1,
        fuelPolicy: 'fullToFull',
        deposit: 50_000,
        locationIds: [placeId],
        dailyPrice: 4000,
      },
    });
    expect(car.status(), await car.text()).toBe(201);
    const carId = ((await car.json()) as { _id: string })._id;
    await supplier.dispose();

    const driver = (await apiAs(playwright.request, DRIVER)).context;
    const booked = await driver.post('/api/checkout', {
      data: {
        carId,
        pickupLocationId: placeId,
        dropoffLocationId: placeId,
        pickupAt: when.pickupAt.toISOString(),
        dropoffAt: when.dropoffAt.toISOString(),
        extras: {},
        paymentOption: 'payLater',
        currency: 'EUR',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingId, summary } = (await booked.json()) as { bookingId: string; summary: { reference: string } };
    await driver.dispose();

    // The admin's browser, signed in (the sign-in screen is other specs' subject).
    await page.goto(`/about?l=${language}`);
    await signInFromPage(page, ADMIN);
    const found: string[] = [];

    // The dashboard, the console's home: today's pick-up at the new place, and the revenue of the pick-up's day.
    await page.goto(`/operator?l=${language}`);
    await expect(page).toHaveURL(/\/operator\/dashboard/);
    // The period's figures count pick-ups by their day at the place's clock (as the bookings list's filter does).
    const day = when.today;
    await page.goto(`/operator/dashboard?l=${language}&first=${day}&last=${day}`);
    const today = page.getByRole('table', { name: t('operatorDashboard.today.byPlace') });
    const placeRow = today.getByRole('row', { name: new RegExp(placeName) });
    await expect(placeRow.getByRole('cell')).toHaveText(['1', '0']);
    // The console's own view of the booking, never the customer's page.
    await expect(page.getByRole('link', { name: summary.reference, exact: true })).toHaveAttribute(
      'href',
      `/operator/bookings/${bookingId}`,
    );
    const revenue = page.getByRole('table', { name: t('operatorDashboard.revenue.title') });
    await expect(revenue.getByRole('row', { name: new RegExp(t('operatorScheduler.status.pending')) })).toBeVisible();
    await audit(page, found, 'dashboard');

    // The scheduler at the place, from today there: the booking's bar on today's and tomorrow's columns.
    await page
      .getByRole('navigation', { name: t('operator.nav.label') })
      .getByRole('link', {
        name: t('operatorScheduler.nav'),
      })
      .click();
    await page.getByRole('combobox', { name: t('operatorScheduler.place') }).selectOption({ label: placeName });
    await page.getByLabel(t('operatorScheduler.from')).fill(when.today);
    const row = page.getByRole('row', { name: new RegExp(`Scheduler Clio ${tag}`) });
    // The bar names the booking by its reference; beside it, picked up today, the desk's "Check out" for it.
    const bar = row.getByRole('link', { name: new RegExp(`^${summary.reference}`) });
    await expect(bar).toContainText(t('operatorScheduler.status.pending'));
    await expect(
      row.getByRole('link', { name: `${t('operatorScheduler.bar.checkOut')} ${summary.reference}` }),
    ).toHaveAttribute('href', `/operator/bookings/${bookingId}/check-out`);
    await expect(bar.locator('xpath=ancestor::td[1]')).toHaveAttribute('colspan', '2');
    await expect(page.getByRole('region', { name: new RegExp(when.zone) })).toHaveAttribute('aria-busy', 'false');
    await audit(page, found, 'scheduler');

    // 360 px: the page does not overflow; the timeline scrolls inside its own region.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [where, path] of [
      ['scheduler', page.url()],
      ['dashboard', `/operator/dashboard?l=${language}`],
    ] as const) {
      if (where === 'dashboard') {
        await page.goto(path);
        // Measured with the figures in: the tables scroll inside their own regions, not the page.
        await expect(page.getByRole('button', { name: t('operatorDashboard.refresh') })).toBeVisible();
        await expect(page.getByRole('group', { name: t('operatorDashboard.revenue.title') })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > 360) found.push(`${where}: ${wide} px wide at 360`);
    }
    expect(found).toEqual([]);

    // The bar opens the booking in the console's view.
    await page.goBack();
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`/operator/bookings/${bookingId}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(summary.reference);

    // The same car for a walk-in customer on other days, paid at the counter, at 360 px.
    await page.goto(`/operator/bookings/new?l=${language}`);
    await page.getByRole('combobox', { name: t('operatorWalkIn.place') }).selectOption({ label: placeName });
    const later = (days: number) => dateIn(when.zone, new Date(when.pickupAt.getTime() + days * 24 * 3_600_000));
    await page.getByLabel(t('operatorWalkIn.pickupDate')).fill(later(3));
    await page.getByLabel(t('operatorWalkIn.dropoffDate')).fill(later(5));
    const cars = page.getByRole('region', { name: t('operatorWalkIn.cars') });
    await expect(cars).toHaveAttribute('aria-busy', 'false');
    await cars.getByRole('radio', { name: new RegExp(`Scheduler Clio ${tag}`) }).check();
    const customer = page.getByRole('group', { name: t('operatorWalkIn.customer') });
    await customer.getByLabel(t('operatorWalkIn.email'), { exact: true }).fill(`walk.in.${tag}@example.com`);
    await customer.getByLabel(t('operatorWalkIn.fullName')).fill('Wendy Walkin');
    await customer.getByLabel(t('operatorWalkIn.phone')).fill('+33 6 00 00 00 00');
    await customer.getByLabel(t('operatorWalkIn.birthDate')).fill('1990-01-01');
    await audit(page, found, 'walk-in');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 360) found.push(`walk-in: ${wide} px wide at 360`);
    await page.getByRole('button', { name: t('operatorWalkIn.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('operatorWalkIn.bookedTitle') })).toBeVisible();
    const walkIn = page.getByRole('status').filter({ hasText: t('operatorWalkIn.payAtCounter') });
    await expect(walkIn).toContainText(/[A-Z0-9]{8}/);

    // Another customer on the phone, later still, pays by the e-mailed link: in their own browser, the link opens
    // the booking, "Pay now" takes the demo card, and the booking is confirmed (the pay-existing page).
    await page.getByRole('button', { name: t('operatorWalkIn.another') }).click();
    await expect(cars).toHaveAttribute('aria-busy', 'false');
    await page.getByLabel(t('operatorWalkIn.pickupDate')).fill(later(7));
    await page.getByLabel(t('operatorWalkIn.dropoffDate')).fill(later(9));
    await expect(cars).toHaveAttribute('aria-busy', 'false');
    await cars.getByRole('radio', { name: new RegExp(`Scheduler Clio ${tag}`) }).check();
    const phoned = `phone.${tag}@example.com`;
    await customer.getByLabel(t('operatorWalkIn.email'), { exact: true }).fill(phoned);
    await page.getByRole('radio', { name: t('operatorWalkIn.link') }).check();
    await page.getByRole('button', { name: t('operatorWalkIn.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('operatorWalkIn.linkSent') })).toBeVisible();
    let link = '';
    for (let index = 0; !link && index < 4; index++) {
      const mail = await waitForMail(phoned, { after: index, timeoutMs: 20_000 });
      if (mail.text.includes('/manage-booking?t=')) link = linkIn(mail, 'http');
    }
    const customerBrowser = await browser.newContext();
    const pay = await customerBrowser.newPage();
    // The customer reads the site in their language (the e-mail was in it): `l` as every page of this spec.
    await pay.goto(`${link}&l=${language}`);
    await pay.getByRole('link', { name: t('bookings.action.pay') }).click();
    await expect(pay.getByText(t('payment.card.testMode'))).toBeVisible();
    await audit(pay, found, 'pay an existing booking');
    const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
    await pay.getByLabel(t('payment.card.cardNumber'), { exact: true }).fill('4242 4242 4242 4242');
    await pay.getByLabel(t('payment.card.expiry'), { exact: true }).fill(`12/${year}`);
    await pay.getByLabel(t('payment.card.cvc'), { exact: true }).fill('123');
    await pay.getByLabel(t('payment.card.cardholder'), { exact: true }).fill('Wendy Walkin');
    await pay.getByLabel(t('payment.card.cardholder'), { exact: true }).press('Enter');
    await expect(pay).toHaveURL(/\/checkout-session\//);
    await expect(pay.getByText(t('payment.session.paid'))).toBeVisible();
    await customerBrowser.close();
    expect(found).toEqual([]);
  });
}
