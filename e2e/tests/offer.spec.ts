import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from '../harness/mailbox.ts';
import { attachedPdfTexts } from './counter-checks.ts';
import { SUPPLIER } from './counter-setup.ts';
import { apiAs, expect, locale, ownPage, test, text } from './fixtures.ts';
import { textOf } from './money.ts';

// A business's own offer, as its customer meets it (docs/architecture.md §5 "Fees by rule", "Promo codes", "The
// business's own extras"), in two languages: the supplier's two places, one with its hours and a holiday; a child seat
// of its own with one in stock at the pick-up place; a young-driver fee (21–24, per day), a one-way fee for this pair
// of places, a promo code of 10 %. A 21-year-old guest at checkout sees the seat, the young-driver fee and the one-way
// fee, each line its label × the days, applies the code and books the last seat; the receipt lists every line. A
// second guest for overlapping days finds the seat sold out; a pick-up on the holiday is refused, naming it. The set-up
// goes through the API (the console's screens for extras, promo codes and hours have their own tests).

// One language after the other: each adds its pair of places to the supplier's one-way fees, a read and a write of
// the business's counter settings that two at once would race.
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const ZONE = 'Europe/Paris';
const DAYS = 3;
const SEAT = 700;
const YOUNG = 1_200;
const ONE_WAY = 4_500;

/** The day `days` from today at Paris, YYYY-MM-DD. */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

/** `date` at 10:00 on Paris's clock, as an instant (its offset is +1 or +2 hours). */
function tenOClock(date: string): string {
  const candidates = [8, 9].map((hour) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`));
  const hourAt = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(at);
  return candidates.find((at) => hourAt(at) === '10')!.toISOString();
}

/** The server's words of the receipt's lines (server/src/i18n/locales/<language>/documents.json). */
function receiptWords(language: 'en' | 'fr'): Record<string, string> {
  const file = new URL(`../../server/src/i18n/locales/${language}/documents.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).extras;
}

/** The text of the receipt the booking's confirmation carries, among the guest's first e-mails. */
async function receiptMailed(to: string): Promise<string> {
  for (let index = 0; index < 4; index++) {
    const mail = await waitForMail(to, { after: index, timeoutMs: 20_000 });
    const receipt = mail.attachments.find((file) => file.filename.startsWith('receipt-'));
    if (receipt) return (await attachedPdfTexts([receipt]))[0]!;
  }
  throw new Error(`no receipt mailed to ${to}`);
}

/** Two places at Paris of the demo supplier's, open 08:00–20:00 with a holiday at the first; a car at both. */
async function offerOf(request: Parameters<typeof apiAs>[0], tag: string, holiday: string) {
  const admin = await apiAs(request, ADMIN);
  const { countries } = (await (await admin.context.get('/api/admin-locations')).json()) as {
    countries: { _id: string }[];
  };
  const hours = { from: '08:00', to: '20:00' };
  const openingHours = {
    weekly: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [hours]])),
    closures: [{ date: holiday, name: `Fête ${tag}` }],
    afterHours: null,
  };
  const place = async (name: string, withHours: boolean) => {
    const created = await admin.context.post('/api/create-location', {
      data: {
        countryId: countries[0]?._id,
        parentId: null,
        names: { en: name, fr: name, es: name, se: name, de: name },
        kind: 'city',
        address: null,
        latitude: 48.8,
        longitude: 2.3,
        timeZone: ZONE,
        openingHours: withHours ? openingHours : null,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { _id: string })._id;
  };
  const from = await place(`Offer ${tag}`, true);
  const to = await place(`Offer ${tag} bis`, false);
  await admin.context.dispose();
  const supplier = await apiAs(request, SUPPLIER);
  const api = supplier.context;
  const car = await api.post('/api/create-car', {
    data: {
      name: `Offer Clio ${tag}`,
      range: 'mini',
      fuelType: 'gasoline',
      gearbox: 'manual',
      seats: 5,
      doors: 5,
      aircon: true,
      mileage: 100,
      fuelPolicy: 'likeForlike',
      deposit: 0,
      locationIds: [from, to],
      dailyPrice: 4000,
    },
  });
  expect(car.status(), await car.text()).toBe(201);
  const carId = ((await car.json()) as { _id: string })._id;
  const seatName = `Child seat ${tag}`;
  const seat = await api.post('/api/create-catalogue-extra', {
    data: {
      names: { en: seatName, fr: seatName, es: seatName, se: seatName, de: seatName },
      charge: 'perDay',
      price: SEAT,
      carIds: [carId],
      stock: [{ locationId: from, quantity: 1 }],
    },
  });
  expect(seat.status(), await seat.text()).toBe(201);
  await setFees(api, supplier.id, from, to);
  const code = `OFF-${tag}`.toUpperCase();
  const promo = await api.post('/api/create-promo-code', {
    data: { code, kind: 'percent', value: 10, carIds: [carId] },
  });
  expect(promo.status(), await promo.text()).toBe(201);
  await api.dispose();
  return { from, to, carId, seatName, code };
}

/** The supplier's young-driver band (21–24) and a one-way fee for this pair of places, beside its other rules. */
async function setFees(api: APIRequestContext, supplierId: string, from: string, to: string) {
  const rules = await (await api.get(`/api/supplier-fee-rules/${supplierId}`)).json();
  const fees = await api.put('/api/update-supplier-fee-rules', {
    data: { ...rules, supplierId, youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: YOUNG }] },
  });
  expect(fees.status(), await fees.text()).toBe(200);
  const settings = (await (await api.get(`/api/counter-settings/${supplierId}`)).json()) as {
    chargeRules: { oneWayFees: { fromLocationId: string; toLocationId: string; fee: number }[] };
  };
  const { chargeRules } = settings;
  const updated = await api.put('/api/update-counter-settings', {
    data: {
      supplierId,
      chargeRules: {
        ...chargeRules,
        oneWayFees: [...chargeRules.oneWayFees, { fromLocationId: from, toLocationId: to, fee: ONE_WAY }],
      },
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);
}

/** Minor units of euros as either language writes them ("-22.20 €", "−1 234,50 €", "45 €"). */
function minorOf(written: string): number {
  const match = /([-−]?)\s*(\d[\d\s\u00a0\u202f.,]*)/.exec(written);
  if (!match) throw new Error(`no amount in "${written}"`);
  const digits = match[2]!.replace(/[\s\u00a0\u202f]/g, '');
  const decimal = /[.,](\d{2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -3) : digits).replace(/[.,]/g, '');
  return (match[1] ? -1 : 1) * (Number(whole) * 100 + Number(decimal?.[1] ?? 0));
}

/** A line of the checkout's price summary by its label, in minor units. */
const lineOf = async (page: Page, label: string) => minorOf(await textOf(summaryLine(page, label)));

/** A line of the checkout's price summary by its label. */
const summaryLine = (page: Page, label: string) =>
  page
    .getByRole('complementary')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a 21-year-old sees the seat, the young-driver and one-way fees as label × days, books the last seat with a code; the receipt lists each line`, async ({
    page,
    playwright,
  }, testInfo) => {
    const messages = locale(language);
    const tag = `${language}${testInfo.repeatEachIndex}${Date.now() % 1_000_000}`;
    const pickupDay = dayAhead(40 + (language === 'fr' ? 7 : 0));
    const holiday = dayAhead(60 + (language === 'fr' ? 7 : 0));
    const offer = await offerOf(playwright.request, tag, holiday);
    const pickupAt = tenOClock(pickupDay);
    const dropoffAt = new Date(Date.parse(pickupAt) + DAYS * 86_400_000).toISOString();
    const criteria = {
      carId: offer.carId,
      pickupLocationId: offer.from,
      dropoffLocationId: offer.to,
      pickupAt,
      dropoffAt,
    };
    const birthYear = Number(pickupDay.slice(0, 4)) - 21;

    await page.goto(`/checkout?${new URLSearchParams({ ...criteria, l: language })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(messages, 'checkout.title'));
    const seat = page.getByRole('combobox', { name: offer.seatName });
    await seat.selectOption('1');
    const field = (key: string) => page.getByRole('main').getByLabel(text(messages, key), { exact: true });
    await field('checkout.driver.fullName').fill('Robin Young');
    await field('checkout.driver.email').fill(`young.${tag}@roam.localhost`);
    await field('checkout.driver.phone').fill('+33 6 12 34 56 78');
    await field('checkout.driver.birthDate').fill(`${birthYear}-01-01`);
    // Each line is its label × the days (the demo supplier adds no percentage).
    expect(await lineOf(page, offer.seatName)).toBe(SEAT * DAYS);
    expect(await lineOf(page, text(messages, 'checkout.price.youngDriver'))).toBe(YOUNG * DAYS);
    expect(await lineOf(page, text(messages, 'checkout.price.oneWay'))).toBe(ONE_WAY);
    const before = 4000 * DAYS + SEAT * DAYS + YOUNG * DAYS + ONE_WAY;
    expect(await lineOf(page, text(messages, 'checkout.price.total'))).toBe(before);

    // The promo code: its own line, 10 % of every line above.
    await field('payment.promo.label').fill(offer.code.toLowerCase());
    await page.getByRole('button', { name: text(messages, 'payment.promo.apply') }).click();
    expect(await lineOf(page, text(messages, 'checkout.price.promo'))).toBe(-before / 10);
    const total = before - before / 10;
    expect(await lineOf(page, text(messages, 'checkout.price.total'))).toBe(total);

    await page.getByRole('radio', { name: text(messages, 'checkout.payment.payLater.label') }).check();
    await field('checkout.driver.acceptTerms').check();
    await page.getByRole('button', { name: text(messages, 'checkout.submit.book') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(messages, 'payment.session.congratulations'));
    // The confirmation e-mail carries the receipt (a guest's booking page proves it theirs by its own token).
    const printed = await receiptMailed(`young.${tag}@roam.localhost`);
    const words = receiptWords(language);
    for (const line of [offer.seatName, words.youngDriver, words.oneWay, words.promo])
      expect(printed, `the receipt lists ${line}`).toContain(line);

    // The seat was the last at the place: a second guest, two days overlapping, finds it sold out.
    const again = await page
      .context()
      .browser()!
      .newPage({ baseURL: new URL(page.url()).origin });
    const overlap = new Date(Date.parse(pickupAt) + 2 * 86_400_000).toISOString();
    const later = {
      ...criteria,
      pickupAt: overlap,
      dropoffAt: new Date(Date.parse(overlap) + DAYS * 86_400_000).toISOString(),
    };
    await again.goto(`/checkout?${new URLSearchParams({ ...later, l: language })}`);
    await expect(again.getByRole('combobox', { name: offer.seatName })).toBeDisabled();
    await expect(again.getByText(text(messages, 'checkout.catalogue.soldOut'), { exact: false })).toBeVisible();
    await again.close();

    // A pick-up on the place's holiday is refused, naming it.
    const refused = await page.request.post('/api/checkout', {
      headers: ownPage(),
      data: {
        ...criteria,
        pickupAt: tenOClock(holiday),
        dropoffAt: new Date(Date.parse(tenOClock(holiday)) + DAYS * 86_400_000).toISOString(),
        paymentOption: 'payLater',
        currency: 'EUR',
        driver: {
          fullName: 'Robin Holiday',
          email: `holiday.${tag}@roam.localhost`,
          phone: '+33 6 12 34 56 78',
          birthDate: '1990-05-17',
          acceptTerms: true,
          language,
        },
      },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(`Fête ${tag}`);
  });
}
