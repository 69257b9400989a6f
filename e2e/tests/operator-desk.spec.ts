import { audit } from './axe.ts';
import { expect, locale, ownPage, rentalPeriod, signInFromPage, test, text } from './fixtures.ts';

// The bookings desk in the browser against the real server (docs/architecture.md §5 "The bookings desk"): a guest
// books tomorrow with a phone and a licence; the supplier finds the booking by that phone in the console's bookings
// list — in English at desktop width, in French on a phone — opens it and reads the driver's contact and licence (its
// supplier may: the pick-up is inside the licence window). Axe and 360 px on both screens.

const SUPPLIER = { email: 'supplier@roam.localhost', password: 'Supplier-2026!' };
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
