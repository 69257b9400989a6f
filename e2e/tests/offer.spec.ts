import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { waitForMail } from '../harness/mailbox.ts';
import { attachedPdfTexts } from './counter-checks.ts';
import { newCar, newPlace, ownSupplier } from './counter-setup.ts';
import { apiAs, expect, locale, ownPage, signInFromPage, test, text } from './fixtures.ts';
import { textOf } from './money.ts';

// A business's own offer, as its customer meets it (docs/architecture.md §5 "Fees by rule", "Promo codes", "The
// business's own extras"), in two languages, for a business of its own: in the console, in the browser, the admin
// gives the pick-up place its hours with a holiday, and the business adds a child seat with one in stock at that place,
// a young-driver fee (21–24, per day) and three photos of its car; a one-way fee for its pair of places and a promo
// code of 10 % go through the API. A 21-year-old guest at checkout sees the three photos, the seat, the young-driver
// fee and the one-way fee, each line its label × the days, applies the code and books the last seat; the receipt lists
// every line. A second guest for overlapping days finds the seat sold out; a pick-up on the holiday is refused,
// naming it.

const ADMIN = { email: 'admin@roam.localhost', password: 'Admin-2026!' };
const MONDAY = 1;
const WEDNESDAY = 3;
const ZONE = 'Europe/Paris';
const DAYS = 3;
const SEAT = 700;
const YOUNG = 1_200;
const ONE_WAY = 4_500;

/** The day `days` from today at Paris, YYYY-MM-DD. */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

/** The first `weekday` (0: Sunday) at least `days` from today at Paris, YYYY-MM-DD: a day the place's hours open. */
function weekdayAhead(days: number, weekday: number): string {
  for (let day = days; ; day++) {
    const date = dayAhead(day);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return date;
  }
}

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

/**
 * A business of its own (counter-setup.ts), for its offer to be this test's alone: two places at Paris (the admin's to
 * make), its car at both; a one-way fee for the pair and a promo code of 10 % through the API (their screens have
 * their own tests). The rest of its offer is set in the console, in the browser (`setUpInConsole`).
 */
async function offerOf(request: Parameters<typeof apiAs>[0], tag: string, language: 'en' | 'fr') {
  const owner = await ownSupplier(request, tag, language);
  const from = await newPlace(request, `Offer ${tag}`, ZONE);
  const to = await newPlace(request, `Offer ${tag} bis`, ZONE);
  const supplier = await apiAs(request, owner);
  const api = supplier.context;
  const carName = `Offer Clio ${tag}`;
  const carId = await newCar(api, carName, [from, to], 0);
  const settings = (await (await api.get(`/api/counter-settings/${supplier.id}`)).json()) as {
    chargeRules: { oneWayFees: { fromLocationId: string; toLocationId: string; fee: number }[] };
  };
  const { chargeRules } = settings;
  const updated = await api.put('/api/update-counter-settings', {
    data: {
      supplierId: supplier.id,
      chargeRules: { ...chargeRules, oneWayFees: [{ fromLocationId: from, toLocationId: to, fee: ONE_WAY }] },
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const code = `OFF-${tag}`.toUpperCase();
  const promo = await api.post('/api/create-promo-code', {
    data: { code, kind: 'percent', value: 10, carIds: [carId] },
  });
  expect(promo.status(), await promo.text()).toBe(201);
  await api.dispose();
  return { owner, from, to, carId, carName, seatName: `Child seat ${tag}`, code };
}

/** A small picture the browser draws, `colour` on white, as a PNG file. */
async function picture(page: Page, name: string, colour: string) {
  const png = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = fill;
    context.fillRect(40, 40, 240, 120);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, colour);
  return { name, mimeType: 'image/png', buffer: Buffer.from(png, 'base64') };
}

/**
 * In the console, in the browser: the admin gives the pick-up place its own hours (Monday to Friday 08:00–18:00, the
 * editor's start) with `holiday` closed under its name; the business's owner adds the child seat (7 € a day, one in
 * stock at the pick-up place), a young-driver fee (21–24, 12 € a day) and three photos of the car, uploaded at once.
 */
async function setUpInConsole(
  browser: Browser,
  origin: string,
  language: 'en' | 'fr',
  offer: Awaited<ReturnType<typeof offerOf>>,
  holiday: string,
  tag: string,
) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce(
      (words, [name, value]) => words.replace(`{{${name}}}`, String(value)),
      text(locale(language), key),
    );
  const signedIn = async (account: { email: string; password: string }) => {
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    await page.goto(`/no-such-page-for-storage?l=${language}`);
    await signInFromPage(page, account);
    return page;
  };

  const admin = await signedIn(ADMIN);
  await admin.goto(`/operator/places/${offer.from}?l=${language}`);
  await admin.getByLabel(t('operatorAdmin.hours.own')).check({ timeout: 20_000 });
  await admin.getByRole('button', { name: t('operatorAdmin.hours.addClosure') }).click();
  await admin.getByLabel(t('operatorAdmin.hours.closureDate')).fill(holiday);
  await admin.getByLabel(t('operatorAdmin.hours.closureName', { date: holiday })).fill(`Fête ${tag}`);
  await admin.getByRole('button', { name: t('operatorAdmin.places.save'), exact: true }).click();
  await expect(admin.getByText(t('operatorAdmin.places.saved'))).toBeVisible();
  await admin.context().close();

  const owner = await signedIn(offer.owner);
  await owner.goto(`/operator/extras?l=${language}`);
  await owner.getByRole('button', { name: t('operatorOffer.extras.new') }).click({ timeout: 20_000 });
  const form = owner.getByRole('region', { name: t('operatorOffer.extras.new') });
  for (const name of ['en', 'fr', 'es', 'se', 'de'])
    await form.getByLabel(t(`operatorAdmin.languages.${name}`), { exact: true }).fill(offer.seatName);
  await form.getByLabel(t('operatorOffer.extras.charges.perDay')).check();
  await form.getByLabel(t('operatorOffer.extras.price'), { exact: true }).fill(String(SEAT / 100));
  await form.getByRole('button', { name: t('operatorOffer.extras.addStock') }).click();
  await form.getByLabel(t('operatorOffer.extras.stockPlace', { number: 1 }), { exact: true }).selectOption(offer.from);
  await form.getByLabel(t('operatorOffer.extras.stockQuantity', { number: 1 }), { exact: true }).fill('1');
  await form.getByRole('button', { name: t('operatorOffer.common.save') }).click();
  await expect(owner.getByText(t('operatorOffer.extras.saved', { name: offer.seatName }))).toBeVisible();

  await owner.goto(`/operator/fees?l=${language}`);
  await owner.getByRole('button', { name: t('operatorOffer.fees.addBand') }).click({ timeout: 20_000 });
  await owner.getByLabel(t('operatorOffer.fees.fromAge', { number: 1 })).fill('21');
  await owner.getByLabel(t('operatorOffer.fees.toAge', { number: 1 })).fill('24');
  await owner.getByLabel(t('operatorOffer.fees.dailyFee', { number: 1 })).fill(String(YOUNG / 100));
  await owner.getByRole('button', { name: t('operatorOffer.fees.save') }).click();
  await expect(owner.getByText(t('operatorOffer.fees.saved'))).toBeVisible();

  await owner.goto(`/operator/cars/${offer.carId}?l=${language}`);
  const photos = await Promise.all(
    ['#c33', '#3a3', '#33c'].map((colour, index) => picture(owner, `clio-${index + 1}.png`, colour)),
  );
  const [chooser] = await Promise.all([
    owner.waitForEvent('filechooser'),
    owner.getByRole('button', { name: t('operatorCars.photos.choose') }).click({ timeout: 20_000 }),
  ]);
  await chooser.setFiles(photos);
  await expect(owner.getByText(t('operatorCars.photos.added_other', { count: 3 }))).toBeAttached({ timeout: 30_000 });
  await owner.context().close();
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
    browser,
    baseURL,
    playwright,
  }, testInfo) => {
    const messages = locale(language);
    const tag = `${language}${testInfo.repeatEachIndex}${Date.now() % 1_000_000}`;
    // A Monday to a Thursday, the second guest's from the Wednesday: days the place's weekday hours open.
    const pickupDay = weekdayAhead(40 + (language === 'fr' ? 7 : 0), MONDAY);
    const holiday = weekdayAhead(60 + (language === 'fr' ? 7 : 0), WEDNESDAY);
    const offer = await offerOf(playwright.request, tag, language);
    await setUpInConsole(browser, baseURL!, language, offer, holiday, tag);
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
    // The three photos uploaded, in the car's gallery.
    const gallery = page.getByRole('region', { name: offer.carName });
    await expect(gallery.getByRole('button', { name: `${offer.carName} 3 / 3` })).toBeVisible({ timeout: 20_000 });
    const seat = page.getByRole('combobox', { name: offer.seatName });
    await seat.selectOption('1');
    const field = (key: string) => page.getByRole('main').getByLabel(text(messages, key), { exact: true });
    await field('checkout.driver.fullName').fill('Robin Young');
    await field('checkout.driver.email').fill(`young.${tag}@roam.localhost`);
    await field('checkout.driver.phone').fill('+33 6 12 34 56 78');
    await field('checkout.driver.birthDate').fill(`${birthYear}-01-01`);
    // Each line is its label × the days (a new business adds no percentage).
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
