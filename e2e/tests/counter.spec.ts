import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { linkIn, type Mail, waitForMail } from '../harness/mailbox.ts';
import { audit } from './axe.ts';
import { attachedPdfTexts, boardShows, documentWords, type Language, listedDocument } from './counter-checks.ts';
import { guestBooking, inTwoHours, lateBack, placeAndCar, SUPPLIER } from './counter-setup.ts';
import { expect, locale, ownPage, signInFromPage, test, text, textPattern } from './fixtures.ts';

// The counter in the browser against the real server (docs/architecture.md §5 "After the booking"): one rental per
// language, both on a phone (390 × 844) as at the lot. A guest's booking picked up today at a place of its own is
// checked out — licence, odometer, fuel, the checklist, one damage marked on the diagram with a photo — and signed:
// the keyboard's way in English (the full name typed, the consent ticked), drawn with the mouse on the pad in French;
// the agreement is then the booking's, signed that way. At the return 3/8 of the tank is missing and 250 km are
// driven over the allowance: both charges are quoted with their computation, the check-out's damage is shown with its
// photo's thumbnail, and the return confirmed. The desk e-mails the balance's payment link; the customer opens it —
// their booking page lists the agreement, its SHA-256 the file's — and pays with the demo card; the rental is closed
// and the customer's closing mail carries the amounts. Axe audits the screens, and none is wider than the phone.
// Each journey also checks one side of the rest, to stay short: in English the check-out is opened from the
// dashboard's pick-ups of the day, and the dashboard and the scheduler show the car on rent, then returned; in French
// the car comes back 70 minutes after its drop-off (the booking moved to end earlier today, as a desk corrects one)
// with a new damage photographed, the late return and the damage are charged, and the agreement and the condition
// report are downloaded from the console: their text read back, their SHA-256 the one shown. A third test, on the
// phone too, covers the rest in the browser: the customer checks in online from the booking page (the manage link's
// grant) and signs, the booking page then lists the signed agreement with the SHA-256 of the file served; the desk's
// check-out shows the licence given and the signature done, and needs only the readings; another booking, past its
// pick-up and the supplier's grace, is recorded as a no-show from the console with its fee.

type Case = {
  language: Language;
  screen: { width: number; height: number };
  /** On the phone no screen may be wider than it. */
  phone: boolean;
  signing: 'typed' | 'drawn';
  /** Opened from the dashboard; the dashboard and the scheduler followed. */
  board: boolean;
  /** Back 70 minutes late with a new damage; the documents read back. */
  late: boolean;
};
/** The Done-when's phone: every journey runs at its width. */
const PHONE = { width: 390, height: 844 };
const CASES: readonly Case[] = [
  { language: 'en', screen: PHONE, phone: true, signing: 'typed', board: true, late: false },
  { language: 'fr', screen: PHONE, phone: true, signing: 'drawn', board: false, late: true },
];
/** A new damage's repair, charged at the return (120 €). */
const REPAIR = 12_000;
test.describe.configure({ timeout: 120_000 });

/** An amount in euros as either language writes it ("66.88 €", "66,88 €", "20 €"), as a pattern's source. */
const euros = (minor: number) =>
  `${Math.trunc(minor / 100)}${minor % 100 ? `[.,]${String(minor % 100).padStart(2, '0')}` : ''}[\\s\\u00a0\\u202f]?€`;

/** The server's words of a counter's mail to the customer, in their language (server/src/i18n/locales). */
function counterMail(language: Language, kind: 'closed'): { subject: string; text: string } {
  const file = new URL(`../../server/src/i18n/locales/${language}/counter.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).mail[kind];
}
const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The customer's first mail that `is`: the booking sends several (booked, agreement, return, link, closed). */
async function mailThat(to: string, is: (mail: Mail) => boolean, what: string): Promise<Mail> {
  for (let index = 0; index < 12; index++) {
    const mail = await waitForMail(to, { after: index, timeoutMs: 20_000 });
    if (is(mail)) return mail;
  }
  throw new Error(`no mail to ${to}: ${what}`);
}

/** A damage at a zone with a photo from a file (a small PNG the browser draws, uploaded as the camera's): its editor. */
async function photographed(page: Page, zoneName: string, uploaded: string) {
  await page.getByRole('button', { name: zoneName, exact: true }).click();
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#b33';
      context.fillRect(8, 8, 40, 24);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  const zone = page.getByRole('region', { name: zoneName });
  await zone.locator('input[type="file"]').setInputFiles({
    name: 'damage.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(zone.getByText(uploaded)).toBeVisible({ timeout: 20_000 });
  return zone;
}

for (const { language, screen, phone, signing, board, late } of CASES) {
  const back = late ? 'fuel, kilometre, late and damage charges' : 'fuel and kilometre charges';
  test(`${language}: a car checked out with a damage photo and a ${signing} signature, taken back with ${back}, paid by link and closed`, async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const messages = locale(language);
    const t = (key: string, values: Record<string, string | number> = {}) =>
      text(messages, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    const tag = `${language}-${testInfo.repeatEachIndex}-${Date.now() % 1_000_000}`;
    const at = await placeAndCar(playwright.request, tag);
    const email = `counter.${tag}@example.com`;
    const { bookingId, summary } = await guestBooking(playwright, at, inTwoHours(), email, language);
    // Late: the booking now ended just over an hour ago (counter-setup.ts), so the car comes back 70 minutes late.
    const dropoff = late ? await lateBack(at.supplier.context, bookingId, at.zone) : null;
    const found: string[] = [];
    const notWider = async (where: string, on: Page = page) => {
      const wide = await on.evaluate(() => document.documentElement.scrollWidth);
      if (phone && wide > screen.width) found.push(`${where}: ${wide} px wide`);
    };

    await page.setViewportSize(screen);
    await page.goto(`/about?l=${language}`);
    await signInFromPage(page, SUPPLIER);
    const onBoard = { t: (key: string) => t(key), reference: summary.reference, ...at, language };
    if (board) {
      // Today's pick-ups on the dashboard: the booking waits there, its check-out one tap away.
      await page.goto(`/operator/dashboard?l=${language}`);
      const checkOut = t('operatorDashboard.today.checkOut', { reference: summary.reference });
      await page.getByRole('link', { name: checkOut }).click();
    } else await page.goto(`/operator/bookings/${bookingId}/check-out?l=${language}`);
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

    // A scratch on the bonnet, with a photo from a file.
    const bonnet = t('operatorCounter.zone.bonnet');
    const uploaded = t('operatorCounter.photos.uploaded', { name: t('operatorCounter.photos.photo', { number: 1 }) });
    const zone = await photographed(page, bonnet, uploaded);
    await zone.getByLabel(t('operatorCounter.damage.note')).fill('Scratch');
    await zone.getByRole('button', { name: t('operatorCounter.damage.add') }).click();
    await expect(page.getByText(t('operatorCounter.photos.count_one', { count: 1 }))).toBeVisible();

    if (signing === 'typed') {
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
    } else {
      // Drawn with the mouse on the pad: a stroke across it, as a hand signs.
      const pad = page.getByRole('img', { name: t('checkIn.signature.pad') });
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error('no signature pad');
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
      await page.mouse.down();
      for (const [x, y] of [
        [0.3, 0.3],
        [0.5, 0.7],
        [0.7, 0.3],
        [0.9, 0.6],
      ] as const)
        await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
      await page.mouse.up();
    }
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
    expect(agreement).toMatchObject({ signatureMethod: signing, signerName: 'Robin Counter' });
    expect(agreement?.signedAt).toBeTruthy();
    if (board) await boardShows(page, onBoard, 'onRent');

    // The return: the tank 3/8 short, 350 km driven on a day allowing 100. The check-out's damage is there, with its
    // photo as the server keeps it (a thumbnail that loaded).
    await page.goto(`/operator/bookings/${bookingId}/return?l=${language}`);
    const thumbnail = page.getByRole('img', { name: t('operatorCounter.photos.ofZone', { number: 1, zone: bonnet }) });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByLabel(t('operatorCounter.readings.odometer')).fill('10350');
    await page.getByText('5/8', { exact: true }).click();
    if (dropoff) {
      // Back 70 minutes after the drop-off, at the place's clock; a dent on the roof, photographed, 120 € to repair.
      await page.getByLabel(t('operatorCounter.return.date')).fill(dropoff.date);
      await page.getByLabel(t('operatorCounter.return.time')).fill(dropoff.lateBy70);
      const roof = await photographed(page, t('operatorCounter.zone.roof'), uploaded);
      await roof.getByLabel(t('operatorCounter.damage.note')).fill('Dent');
      await roof.getByLabel(t('operatorCounter.damage.amount', { currency: 'EUR' })).fill('120');
      await roof.getByRole('button', { name: t('operatorCounter.damage.add') }).click();
    }
    await page.getByRole('button', { name: t('operatorCounter.return.quote') }).click();
    const charges = page.getByRole('region', { name: t('operatorCounter.return.charges') });
    // The supplier's rules: 2.50 € a litre and a 20 € refuelling fee, the car's tank 50 l; per km over the allowance.
    await expect(charges).toContainText(
      new RegExp(`3/8 × 50\\s?[lL] × ${euros(250)} \\+ ${euros(2000)} .*= ${euros(6688)}`),
    );
    await expect(charges).toContainText(
      new RegExp(`350\\s?km .*100\\s?km .*= 250\\s?km × ${euros(30)} = ${euros(7500)}`),
    );
    if (late) {
      // 70 minutes late, 59 free: 2 hours started at 15 € each; the dent at its typed amount.
      await expect(charges).toContainText(
        new RegExp(`70\\s?min.*59\\s?min.*2\\s?h.* × ${euros(1500)} = ${euros(3000)}`),
      );
      await expect(charges).toContainText(new RegExp(`${t('operatorCounter.charge.damage')}.*${euros(REPAIR)}`));
    }
    await audit(page, found, 'return');
    await notWider('return');
    await page.getByRole('button', { name: t('operatorCounter.return.confirm') }).click();
    await expect(page.getByRole('status').filter({ hasText: at.carName })).toBeVisible({ timeout: 30_000 });
    if (late) {
      // The documents as the console lists them, each downloaded: the text read back, the SHA-256 the one shown.
      const words = documentWords(language);
      const signed = await listedDocument(page, t('operatorCounter.documents.agreement', { version: 1 }));
      for (const fact of ['Robin Counter', at.carName, `${words.pdf.odometer}: 10000 km`, '8/8', 'Scratch'])
        expect(signed).toContain(fact);
      const report = await listedDocument(page, t('operatorCounter.documents.condition_report', { version: 1 }));
      // Both sides (odometer and fuel), the damage before and the new one, the charges with their computations.
      for (const fact of [
        `${words.pdf.odometer}: 10000 km`,
        `${words.pdf.odometer}: 10350 km`,
        '5/8',
        `${words.pdf.damages} — ${words.zones.bonnet}`,
        `${words.pdf.newDamages} — ${words.zones.roof}`,
        'Dent',
        `${words.chargeKinds.late}: 30`,
        `${words.chargeKinds.damage}: 120`,
        `${words.chargeKinds.mileage}: 75`,
      ])
        expect(report).toContain(fact);
    }

    // The balance (the rental paid later, and the charges) e-mailed as a link; the customer pays it with the demo card.
    const settlement = page.getByRole('region', { name: t('operatorCounter.settlement.title') });
    const close = settlement.getByRole('button', { name: t('operatorCounter.settlement.close') });
    await expect(close).toBeDisabled();
    await audit(page, found, 'settlement');
    await notWider('settlement');
    await settlement.getByRole('button', { name: t('operatorCounter.settlement.sendLink') }).click();
    await expect(page.getByText(t('operatorCounter.settlement.linkSent', { email }))).toBeVisible();
    const linkMail = await mailThat(email, (mail) => mail.text.includes('/manage-booking?t='), 'the payment link');
    const customer = await browser.newContext({ viewport: screen });
    const pay = await customer.newPage();
    await pay.goto(linkIn(linkMail, 'http'));
    // The booking page lists the agreement signed at the counter: its SHA-256 the file's, its text the signer's.
    const theirs = await listedDocument(pay, t('checkIn.documents.agreement', { version: 1 }));
    expect(theirs).toContain('Robin Counter');
    await notWider('booking', pay);
    await pay.getByRole('button', { name: textPattern(messages, 'bookings.due.action') }).click();
    await expect(pay.getByText(t('payment.card.testMode'))).toBeVisible();
    const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
    await pay.getByLabel(t('payment.card.cardNumber'), { exact: true }).fill('4242 4242 4242 4242');
    await pay.getByLabel(t('payment.card.expiry'), { exact: true }).fill(`12/${year}`);
    await pay.getByLabel(t('payment.card.cvc'), { exact: true }).fill('123');
    await pay.getByLabel(t('payment.card.cardholder'), { exact: true }).fill('Robin Counter');
    await pay.getByLabel(t('payment.card.cardholder'), { exact: true }).press('Enter');
    await expect(pay.getByText(t('bookings.due.paid'))).toBeVisible({ timeout: 30_000 });
    await customer.close();

    // Paid: the desk sees the balance settled and closes the rental; the customer's closing mail has the amounts. The
    // car, back and not closed yet, shows as returned on the dashboard and the scheduler on the way.
    if (board) {
      await boardShows(page, onBoard, 'returned');
      await page.goto(`/operator/bookings/${bookingId}/return?l=${language}`);
    } else await page.reload();
    await expect(close).toBeEnabled({ timeout: 30_000 });
    await close.click();
    await expect(settlement.getByText(t('operatorCounter.settlement.isClosed'))).toBeVisible({ timeout: 30_000 });
    const closed = (await (await page.request.get(`/api/booking-documents/${bookingId}`)).json()) as {
      results: { kind: string }[];
    };
    expect(closed.results.map((document) => document.kind)).toContain('receipt');
    // The rental 40 €, the charges 66.88 € + 75 €, all of it paid by the link, nothing left: each on its line.
    const words = counterMail(language, 'closed');
    const subject = new RegExp(`^${escaped(words.subject).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);
    const closing = await mailThat(email, (mail) => subject.test(mail.subject), 'the rental closed');
    const charged = 14188 + (late ? 3000 + REPAIR : 0);
    const amounts = { amount: 4000, charges: charged, paid: 4000 + charged, money: 0 };
    for (const [name, minor] of Object.entries(amounts)) {
      const line = words.text.split('\n').find((candidate) => candidate.includes(`{{${name}}}`)) ?? '';
      expect(closing.text).toMatch(new RegExp(escaped(line).replace(`\\{\\{${name}\\}\\}`, euros(minor))));
    }
    // It carries the condition report and the final receipt, in the customer's language.
    const titles = documentWords(language);
    const attached = await attachedPdfTexts(closing.attachments);
    for (const title of [titles.conditionReport.title, titles.finalReceipt.title])
      expect(
        attached.filter((pdf) => pdf.includes(title!)),
        title,
      ).toHaveLength(1);
    await at.supplier.context.dispose();
    expect(found).toEqual([]);
  });
}

test('en: a customer checks in online and signs, the desk then only checks the car; a no-show is recorded with its fee', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  const messages = locale('en');
  const t = (key: string, values: Record<string, string | number> = {}) =>
    text(messages, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  const tag = `in-${testInfo.repeatEachIndex}-${Date.now() % 1_000_000}`;
  const at = await placeAndCar(playwright.request, tag);
  const email = `checkin.${tag}@example.com`;
  // The no-show: another booking of the car, then moved as a desk corrects one to a pick-up 3 hours ago (the
  // supplier's grace is 2 hours, its rule a 50 € fee) and a drop-off before the first one's pick-up.
  const later = new Date(inTwoHours().getTime() + 3 * 86_400_000);
  const [{ bookingId, summary }, missed] = await Promise.all([
    guestBooking(playwright, at, inTwoHours(), email, 'en'),
    guestBooking(playwright, at, later, `noshow.${tag}@example.com`, 'en'),
  ]);
  const now = Date.now();
  const moved = await at.supplier.context.post(`/api/update-booking/${missed.bookingId}`, {
    data: { pickupAt: new Date(now - 3 * 3_600_000).toISOString(), dropoffAt: new Date(now + 3_600_000).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const found: string[] = [];
  const notWider = async (on: Page, where: string) => {
    const wide = await on.evaluate(() => document.documentElement.scrollWidth);
    if (wide > PHONE.width) found.push(`${where}: ${wide} px wide`);
  };

  // The customer, on their phone, asks for a manage link and checks in from the booking page it opens.
  const checkInOnline = async () => {
    const customer = await browser.newContext({ viewport: PHONE });
    const driver = await customer.newPage();
    const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
    const asked = await customer.request.post(`${origin}/api/manage-booking-link`, {
      data: { reference: summary.reference, email },
      headers: ownPage(),
    });
    expect(asked.status(), await asked.text()).toBeLessThan(300);
    const manage = await mailThat(email, (mail) => mail.text.includes('/manage-booking?t='), 'the manage link');
    await driver.goto(linkIn(manage, 'http'));
    await driver.getByRole('button', { name: t('checkIn.panel.start') }).click();
    await driver.getByLabel(t('checkIn.licence.licenseNumber')).fill('12AB34567');
    await driver.getByLabel(t('checkIn.licence.licenseCountry')).fill('fr');
    await driver.getByLabel(t('checkIn.licence.licenseExpiresOn')).fill('2031-05-17');
    await driver.getByLabel(t('checkIn.licence.birthDate')).fill('1990-05-17');
    await driver.getByRole('radio', { name: t('checkIn.signature.typed') }).check();
    await expect(driver.getByLabel(t('checkIn.signature.signerName'))).toHaveValue('Robin Counter');
    await driver.getByRole('checkbox', { name: t('checkIn.signature.consent') }).check();
    await audit(driver, found, 'check-in');
    await notWider(driver, 'check-in');
    await driver.getByRole('button', { name: t('checkIn.submit') }).click();
    // The signed agreement on the booking page: who signed it, and the SHA-256 of the very file served.
    const agreement = await listedDocument(driver, t('checkIn.documents.agreement', { version: 1 }));
    for (const fact of ['Robin Counter', at.carName, '12AB34567']) expect(agreement).toContain(fact);
    await expect(driver.getByText(/^Signed on .* by Robin Counter$/)).toBeVisible();
    await notWider(driver, 'booking');
    await customer.close();
  };

  // Meanwhile at the desk, the customer who never came: the rule named before it is recorded, the fee once it is.
  const recordNoShow = async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/about?l=en');
    await signInFromPage(page, SUPPLIER);
    await page.goto(`/operator/bookings/${missed.bookingId}/check-out?l=en`);
    await page.getByRole('button', { name: t('operatorCounter.noShow.button') }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(new RegExp(euros(5000)));
    await dialog.getByRole('button', { name: t('operatorCounter.noShow.record') }).click();
    await expect(page.getByText(new RegExp(`${euros(5000)}.*${euros(0)}`))).toBeVisible({ timeout: 30_000 });
    await notWider(page, 'no-show');
    const shown = (await (await page.request.get(`/api/counter-booking/${missed.bookingId}?language=en`)).json()) as {
      status: string;
    };
    expect(shown.status).toBe('no_show');
  };
  await Promise.all([checkInOnline(), recordNoShow()]);

  // The desk, once the customer checked in: the licence as given and the signature done; the odometer and the fuel
  // are all it enters.
  await page.goto(`/operator/bookings/${bookingId}/check-out?l=en`);
  await expect(page.getByText(t('operatorCounter.agreement.signedOnline'))).toBeVisible();
  await expect(page.getByText('12AB34567', { exact: true })).toBeVisible();
  await expect(page.getByLabel(t('checkIn.licence.licenseNumber'))).toHaveCount(0);
  await page.getByLabel(t('operatorCounter.readings.odometer')).fill('10000');
  await page.getByText('8/8', { exact: true }).click();
  await page.getByRole('button', { name: t('operatorCounter.checkOut.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: at.carName })).toBeVisible({ timeout: 30_000 });
  await at.supplier.context.dispose();
  expect(found).toEqual([]);
});
