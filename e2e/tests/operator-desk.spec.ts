import { audit } from './axe.ts';
import { apiAs, expect, locale, ownPage, rentalPeriod, signInFromPage, test, text } from './fixtures.ts';
import { amountIn } from './money.ts';

// The bookings desk in the browser against the real server (docs/architecture.md §5 "The bookings desk"): a guest
// books tomorrow with a phone and a licence; the supplier finds the booking by that phone in the console's bookings
// list — in English at desktop width, in French on a phone — opens it and reads the driver's contact and licence (its
// supplier may: the pick-up is inside the licence window). Axe and 360 px on both screens. Then honest money and a
// readable history: a paid booking cancelled with a fee kept shows that fee as revenue on the dashboard, equal to the
// bookings list's sum for the same days, and the car's history reads like its editor.

const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
const DRIVER = { email: 'driver@roam.localhost', password: 'Driver-2026!' };
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ timeout: 120_000 });

test('the supplier finds a booking by the driver’s phone, opens it and reads the contact and licence', async ({
  page,
  playwright,
}) => {
  const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  const tag = Date.now() % 100_000_000;
  const digits = String(tag).padStart(8, '0');
  const phone = `+33 6 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
  const email = `desk.${tag}@example.com`;

  // A guest's booking of one of the supplier's cars at Paris CDG, tomorrow, with the licence uploaded at checkout.
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownPage() });
  const places = (await (await guest.get('/api/locations?q=Charles')).json()) as { _id: string; name: string }[];
  const place = places.find((found) => found.name === 'Paris Charles de Gaulle Airport')?._id ?? '';
  const when = rentalPeriod(1, 1);
  const search = await guest.post('/api/search-cars/1/50', {
    data: { pickupLocationId: place, dropoffLocationId: place, ...when },
  });
  const { results } = (await search.json()) as { results: { _id: string; supplier: { fullName: string } }[] };
  const car = results.find((found) => found.supplier.fullName === 'Azur Coast Rentals');
  expect(car, 'a free car of the demo supplier tomorrow').toBeTruthy();
  const licence = await guest.post('/api/create-license', {
    multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: PNG_1PX } },
  });
  expect(licence.status(), await licence.text()).toBe(200);
  const booked = await guest.post('/api/checkout', {
    data: {
      carId: car?._id,
      pickupLocationId: place,
      dropoffLocationId: place,
      ...when,
      extras: {},
      paymentOption: 'payLater',
      currency: 'EUR',
      driver: { fullName: `Noémie Desk ${tag}`, email, phone, birthDate: '1990-06-15', acceptTerms: true },
      licenseFileId: ((await licence.json()) as { _id: string })._id,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { summary } = (await booked.json()) as { summary: { reference: string } };
  await guest.dispose();

  await page.goto('/about?l=en');
  await signInFromPage(page, SUPPLIER);
  const found: string[] = [];
  const fits = async (width: number, where: string) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) found.push(`${where}: ${wide} px wide at ${width}`);
  };

  for (const [language, width, typed] of [
    ['en', 1280, phone.replace('+33 ', '0')],
    ['fr', 360, phone.replace(/\s/g, '')],
  ] as const) {
    const t = (key: string) => text(locale(language), key);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/operator/bookings?l=${language}`);
    // The phone as the driver said it on the telephone (national) or as a form wrote it (international).
    await page.getByRole('searchbox', { name: t('operatorBookings.filters.search') }).fill(typed);
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: t('operatorBookings.list.title'), exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(list).toContainText(email);
    await audit(page, found, `${language} bookings`);
    await fits(width, `${language} bookings`);

    await list.getByRole('link', { name: summary.reference }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(summary.reference);
    const driver = page.getByRole('region', { name: t('operatorBookings.view.driver') });
    await expect(driver.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(driver.getByRole('link', { name: phone })).toBeVisible();
    const image = driver.getByRole('img', {
      name: t('operatorBookings.view.licenceOf').replace('{{name}}', `Noémie Desk ${tag}`),
    });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await page.waitForLoadState('networkidle');
    await audit(page, found, `${language} booking`);
    await fits(width, `${language} booking`);
  }
  expect(found).toEqual([]);
});

test('a cancellation that kept a fee is revenue on the dashboard, the list’s sum; the car’s history reads like the editor', async ({
  page,
  playwright,
}) => {
  const tag = Date.now() % 100_000_000;
  const supplier = await apiAs(playwright.request, SUPPLIER);
  const places = (await (await supplier.context.get('/api/locations?q=Charles')).json()) as {
    _id: string;
    name: string;
  }[];
  const place = places.find((found) => found.name === 'Paris Charles de Gaulle Airport')?._id ?? '';
  // A car of its own, its cancellation cover priced (not bought below: a late cancel keeps a fee), then repriced
  // and moved up a range in the editor's terms, so that its history has money and a label to read.
  const created = await supplier.context.post('/api/create-car', {
    data: {
      name: `Fee Clio ${tag}`,
      range: 'mini',
      fuelType: 'gasoline',
      gearbox: 'manual',
      seats: 5,
      doors: 5,
      aircon: true,
      mileage: -1,
      fuelPolicy: 'likeForlike',
      deposit: 0,
      locationIds: [place],
      dailyPrice: 4000,
      cancellation: 2500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const carId = ((await created.json()) as { _id: string })._id;
  const changed = await supplier.context.put('/api/update-car', {
    data: { _id: carId, dailyPrice: 4550, range: 'midi' },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // A day of its own far ahead: the dashboard's period and the list's pick-up days hold this booking alone.
  const when = rentalPeriod(400 + (tag % 200), 2);
  const day = when.pickupAt.slice(0, 10);
  const driver = await apiAs(playwright.request, DRIVER);
  const booked = await driver.context.post('/api/checkout', {
    data: {
      carId,
      pickupLocationId: place,
      dropoffLocationId: place,
      ...when,
      extras: {},
      paymentOption: 'full',
      currency: 'EUR',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookingId, chargedAmount } = (await booked.json()) as { bookingId: string; chargedAmount: number };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };
  const paid = await driver.context.post(`/api/demo-payment/${bookingId}`, { data: card });
  expect(paid.status(), await paid.text()).toBe(200);
  // Not covered: the driver's cancel is a request; the supplier approves it, the terms keeping a fee.
  expect((await driver.context.post(`/api/cancel-booking/${bookingId}`, { data: {} })).status()).toBe(200);
  const approved = await supplier.context.post(`/api/approve-cancellation/${bookingId}`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const fee = chargedAmount - ((await approved.json()) as { refund: { amount: number } }).refund.amount;
  expect(fee).toBeGreaterThan(0);
  await driver.context.dispose();
  await supplier.context.dispose();

  await page.goto('/about?l=en');
  await signInFromPage(page, SUPPLIER);
  for (const [language, width] of [
    ['en', 1280],
    ['fr', 360],
  ] as const) {
    const messages = locale(language);
    const t = (key: string) => text(messages, key);
    await page.setViewportSize({ width, height: 800 });

    // The dashboard's revenue for the day: the cancelled booking counts the fee it kept, its refund as a refund.
    await page.goto(`/operator/dashboard?l=${language}&first=${day}&last=${day}`);
    const revenue = page.getByRole('table', { name: t('operatorDashboard.revenue.title') });
    const cancelled = revenue.getByRole('row', { name: new RegExp(t('operatorScheduler.status.cancelled')) });
    await expect(cancelled).toBeVisible();
    await expect(revenue.getByRole('row')).toHaveCount(3); // the head, the cancelled booking, the total
    const cells = cancelled.getByRole('cell');
    const [kept, refunded] = [(await cells.nth(2).textContent()) ?? '', (await cells.nth(4).textContent()) ?? ''];
    if (language === 'en') expect(amountIn(kept).minor).toBe(fee);

    // The bookings list for the same pick-up days sums to the same figures, written the same way.
    await page.goto(`/operator/bookings?l=${language}&pickupFrom=${day}&pickupTo=${day}`);
    const list = page.getByRole('list', { name: t('operatorBookings.list.title'), exact: true });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: t('operatorBookings.list.totals') })).toHaveText(
      t('operatorBookings.list.totalsLine_one')
        .replace('{{count}}', '1')
        .replace('{{revenue}}', kept)
        .replace('{{refunded}}', refunded),
    );

    // The car's history reads like its editor: the editor's labels, money in the reader's format, the range by its
    // word, the booking's refund formatted — no ids, no minor units, no JSON.
    await page.goto(`/operator/cars/${carId}/history?l=${language}`);
    const history = page.getByRole('list', { name: t('operatorCars.tabs.history') });
    await expect(history).toBeVisible();
    const rows = (field: string) =>
      history.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field }) });
    await expect(rows(t('operatorCars.rates.dailyPrice')).first()).toBeVisible();
    await expect(rows(t('operatorCars.fields.range')).first()).toContainText(t('cars.range.midi'));
    await expect(rows(t('operatorCars.history.fields.refund')).first()).toContainText(refunded);
    const read = (await history.textContent()) ?? '';
    expect(read).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    expect(read).not.toMatch(/[{}[\]"]/);
    expect(read).not.toContain('4550');
    expect(read).not.toMatch(/\bmidi\b/);
    if (language === 'en') expect(read).toContain('45.50');
  }
});
