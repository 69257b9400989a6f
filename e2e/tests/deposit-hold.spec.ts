import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { type Mail, waitForMail } from '../harness/mailbox.ts';
import type { Language } from './counter-checks.ts';
import { inTwoHours, ownSupplier, placeAndCar } from './counter-setup.ts';
import { expect, locale, ownPage, signInFromPage, test, text } from './fixtures.ts';

// The deposit held on the card, from checkout to the accountant (docs/decisions/0012-deposit-holds.md, 0011-invoices.md),
// in two languages: a customer books a car with a 300 € deposit, pays the rental in full with the demo card and reads
// on the booking page that the deposit is held, not charged. At the return 2/8 of the tank is missing and a toll is
// added; the operator closes the rental: the fuel and the toll are captured from the hold and the rest released, which
// the closing e-mail states, with the invoices attached. The toll, waived after the close, is credited: the booking
// page lists the credit note. The car is a business's of its own, made for the test, so that its statement of the
// month is this one booking's: its owner opens the statement screen in the console and reads its exact figures, then
// downloads the CSV from the screen and finds them in its rows. The check-out and the return go through the API: the
// counter spec drives their screens.

test.describe.configure({ timeout: 120_000 });

const DEPOSIT = 30_000;
/** 2/8 of the 50 l tank at 2.50 € a litre, and the 20 € refuelling fee (a new business's rules: the defaults). */
const FUEL = 5_125;
const TOLL = 1_000;

/** An amount in euros as either language writes it ("61.25 €", "61,25 €"), as a pattern's source. */
const euros = (minor: number) =>
  `${Math.trunc(minor / 100)}${minor % 100 ? `[.,]${String(minor % 100).padStart(2, '0')}` : ''}[\\s\\u00a0\\u202f]?€`;

/** The server's words of a counter's mail to the customer (server/src/i18n/locales/<language>/counter.json). */
function serverWords(language: Language): {
  closed: { subject: string };
  chargeWaived: { subject: string };
  depositSettled: { card: string };
} {
  const file = new URL(`../../server/src/i18n/locales/${language}/counter.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).mail;
}
const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A mail's subject as a pattern: its words, any value in place of each {{placeholder}}. */
const subjectOf = (mail: { subject: string }) =>
  new RegExp(`^${escaped(mail.subject).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);

/** The customer's first mail that `is`, among the booking's several. */
async function mailThat(to: string, is: (mail: Mail) => boolean, what: string): Promise<Mail> {
  for (let index = 0; index < 12; index++) {
    const mail = await waitForMail(to, { after: index, timeoutMs: 20_000 });
    if (is(mail)) return mail;
  }
  throw new Error(`no mail to ${to}: ${what}`);
}

/**
 * A CSV as the statement writes it (a BOM, quoted cells where needed, the separator of the screen's language: a
 * comma, or a semicolon where the comma is the decimal sign), as rows of cells.
 */
function csvRows(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = body.replace(/^\ufeff/, '');
  const separator = source.match(/^[^,;\r\n]*([,;])/)?.[1] ?? ',';
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') cell += source[++i];
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += char;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The statement's words (server/src/i18n/locales/<language>/invoices.json): its CSV's columns and row types. */
const invoiceWords = (language: Language) =>
  JSON.parse(readFileSync(new URL(`../../server/src/i18n/locales/${language}/invoices.json`, import.meta.url), 'utf8'));

/** Checked out now and returned with 2/8 of the tank missing and a toll added, through the desk's API. */
async function outAndBack(supplier: APIRequestContext, bookingId: string) {
  const out = await supplier.post(`/api/check-out/${bookingId}`, {
    data: {
      licence: {
        licenseNumber: 'FR-12AB345',
        licenseCountry: 'fr',
        licenseExpiresOn: '2034-06-30',
        birthDate: '1990-05-17',
      },
      odometer: 10_000,
      fuel: { kind: 'eighths', eighths: 8 },
      checklist: [],
      damages: [],
      signature: { method: 'typed', signerName: 'Robin Deposit', consent: true },
    },
  });
  expect(out.status(), await out.text()).toBe(200);
  const back = await supplier.post(`/api/return/${bookingId}`, {
    data: { odometer: 10_050, fuel: { kind: 'eighths', eighths: 6 } },
  });
  expect(back.status(), await back.text()).toBe(200);
  const toll = await supplier.post(`/api/add-charge/${bookingId}`, {
    data: { kind: 'toll', amount: TOLL, note: 'A8' },
  });
  expect(toll.status(), await toll.text()).toBe(200);
  const { charges } = (await toll.json()) as { charges: { _id: string; kind: string; amount: number }[] };
  expect(charges.map((charge) => [charge.kind, charge.amount]).sort()).toEqual([
    ['fuel', FUEL],
    ['toll', TOLL],
  ]);
  return charges.find((charge) => charge.kind === 'toll')!._id;
}

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a deposit held beside a payment in full, captured for the fuel and a toll at the close, the rest released; invoiced, credited and in the statement`, async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const messages = locale(language);
    const tag = `hold-${language}-${testInfo.repeatEachIndex}-${Date.now() % 1_000_000}`;
    const owner = await ownSupplier(playwright.request, tag, language);
    const at = await placeAndCar(playwright.request, tag, DEPOSIT, owner);
    // The customer signs up (in the language under test), books in full and pays with the demo card, as the checkout
    // screen calls the API.
    await page.goto(`/no-such-page-for-storage?l=${language}`);
    const email = `deposit.${tag}@roam.localhost`;
    const signedUp = await page.request.post('/api/sign-up', {
      headers: ownPage(),
      data: {
        fullName: 'Robin Deposit',
        email,
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-17',
        password: 'Secret-2026!',
        tosAccepted: true,
        language,
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    await page.evaluate((stored) => localStorage.setItem('roam.user', JSON.stringify(stored)), await signedUp.json());
    const pickupAt = inTwoHours();
    const booked = await page.request.post('/api/checkout', {
      headers: ownPage(),
      data: {
        carId: at.carId,
        pickupLocationId: at.placeId,
        dropoffLocationId: at.placeId,
        pickupAt: pickupAt.toISOString(),
        dropoffAt: new Date(pickupAt.getTime() + 24 * 3_600_000).toISOString(),
        extras: {},
        paymentOption: 'full',
        currency: 'EUR',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingId, chargedAmount } = (await booked.json()) as { bookingId: string; chargedAmount: number };
    const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
    const paid = await page.request.post(`/api/demo-payment/${bookingId}`, {
      headers: ownPage(),
      data: { cardNumber: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123', cardholder: 'Robin Deposit' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    // The booking page: the rental paid, the deposit held on the card, not charged.
    await page.goto(`/booking?b=${bookingId}&l=${language}`);
    const held = page.getByText(text(messages, 'bookings.summary.securityDepositHeld'), { exact: true });
    await expect(held).toBeVisible({ timeout: 30_000 });
    await expect(held.locator('xpath=following-sibling::dd[1]')).toHaveText(new RegExp(euros(DEPOSIT)));

    // The return, then the close: 51.25 € of fuel and the 10 € toll captured from the hold, the rest released.
    const tollId = await outAndBack(at.supplier.context, bookingId);
    const closed = await at.supplier.context.post(`/api/close-booking/${bookingId}?language=${language}`);
    expect(closed.status(), await closed.text()).toBe(200);
    const words = serverWords(language);
    const closing = await mailThat(email, (mail) => subjectOf(words.closed).test(mail.subject), 'the rental closed');
    const captured = FUEL + TOLL;
    const settled = escaped(words.depositSettled.card)
      .replace('\\{\\{captured\\}\\}', euros(captured))
      .replace('\\{\\{released\\}\\}', euros(DEPOSIT - captured));
    expect(closing.text).toMatch(new RegExp(settled));
    // Its invoices go with it: the rental's and the charges captured from the hold.
    const invoiceFiles = closing.attachments.filter((file) => /^INV-\d{4}-\d{4,}\.pdf$/.test(file.filename));
    expect(invoiceFiles.length, closing.attachments.map((file) => file.filename).join(', ')).toBeGreaterThanOrEqual(2);

    // The toll waived after the close: credited. The customer receives the credit note; the booking page lists it.
    const waived = await at.supplier.context.post(`/api/waive-charge/${tollId}`, { data: { reason: 'Not this car' } });
    expect(waived.status(), await waived.text()).toBe(200);
    const waiver = await mailThat(email, (mail) => subjectOf(words.chargeWaived).test(mail.subject), 'the toll waived');
    const creditNotes = waiver.attachments.filter((file) => /^CN-\d{4}-\d{4,}\.pdf$/.test(file.filename));
    expect(creditNotes.length, waiver.attachments.map((file) => file.filename).join(', ')).toBe(1);
    await page.goto(`/booking?b=${bookingId}&l=${language}`);
    const creditNote = text(messages, 'bookings.documents.creditNote').replace('{{number}}', '');
    await expect(page.getByRole('link', { name: new RegExp(`^${escaped(creditNote)}`) })).toHaveCount(1, {
      timeout: 30_000,
    });

    // The business's statement of the month, on its screen in the console: this booking alone. The rental paid, the
    // fuel kept (the toll invoiced, then credited), the credit note, the deposit held, captured and released.
    const month = new Date().toISOString().slice(0, 7);
    const office = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
    await office.goto(`/no-such-page-for-storage?l=${language}`);
    await signInFromPage(office, owner);
    await office.goto(`/operator/statements?month=${month}&l=${language}`);
    await expect(office.getByRole('heading', { level: 1 })).toHaveText(
      text(messages, 'operatorImport.statement.title'),
    );
    const eur = office.getByRole('region', { name: 'EUR' });
    const figure = (key: string) =>
      eur
        .getByText(text(messages, `operatorImport.statement.${key}`), { exact: true })
        .locator('xpath=following-sibling::dd[1]');
    const exactly = (minor: number) => new RegExp(`^${minor < 0 ? '[-\u2212]' : ''}${euros(Math.abs(minor))}$`);
    await expect(figure('bookings')).toHaveText('1', { timeout: 30_000 });
    await expect(figure('rental')).toHaveText(exactly(chargedAmount));
    await expect(figure('charges')).toHaveText(exactly(FUEL));
    await expect(figure('credited')).toHaveText(exactly(-TOLL));
    await expect(figure('invoiced')).toHaveText(exactly(chargedAmount + captured - TOLL));
    await expect(figure('deposits')).toHaveText(
      new RegExp(`^${euros(DEPOSIT)} / ${euros(captured)} / ${euros(DEPOSIT - captured)}$`),
    );

    // Its CSV, downloaded from the screen's button: the invoices and the credit note add up to the invoiced figure.
    const [download] = await Promise.all([
      office.waitForEvent('download'),
      office.getByRole('link', { name: text(messages, 'operatorImport.statement.csv') }).click(),
    ]);
    const [head, ...rows] = csvRows(readFileSync(await download.path(), 'utf8'));
    const column = (name: string) => head!.indexOf(text(invoiceWords(language), `statement.columns.${name}`));
    const [type, grossAt, currencyAt, bookingAt] = ['type', 'gross', 'currency', 'bookingId'].map(column);
    const ours = rows.filter((row) => row.length > 1 && row[bookingAt!] === bookingId);
    expect(ours.length).toBe(rows.filter((row) => row.length > 1).length);
    expect(ours.every((row) => row[currencyAt!] === 'EUR')).toBe(true);
    const grossOf = (kind: string) =>
      ours
        .filter((row) => row[type!] === text(invoiceWords(language), `statement.types.${kind}`))
        // The decimal mark goes with the separator: a comma beside semicolons.
        .map((row) => Math.round(Number(row[grossAt!]!.replace(',', '.')) * 100))
        .sort((a, b) => a - b);
    expect(grossOf('invoice')).toEqual([captured, chargedAmount].sort((a, b) => a - b));
    expect(grossOf('credit_note')).toEqual([-TOLL]);
    await office.context().close();
    await at.supplier.context.dispose();
  });
}
