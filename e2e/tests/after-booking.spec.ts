import type { Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { linkIn, type Mail, waitForMail } from '../harness/mailbox.ts';
import { audit } from './axe.ts';
import { expect, locale, ownPage, rentalPeriod, test, text, textPattern } from './fixtures.ts';
import { overflow } from './reflow.ts';

// In two languages: a guest books and pays the Clio online, the confirmation e-mail carries
// the receipt (its text read back) and the calendar file (parsed); the guest finds the booking from the footer's
// "Manage booking" with its reference and e-mail, opens the e-mailed link, changes the dates (a day shorter: the
// difference refunded, said before confirming and in an e-mail), reads in the cancel dialog that the terms make it
// free and how much comes back, cancels, and reads the refund e-mail. Between the two, a change dearer than what was
// paid: a day longer, its difference paid with the demo card before it is made.

test.describe.configure({ timeout: 120_000 });

const CDG = 'Paris Charles de Gaulle Airport';

/** The PDF's text as pdf.js reads it. */
async function pdfText(base64: string): Promise<string> {
  const data = new Uint8Array(Buffer.from(base64, 'base64'));
  const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false }).promise;
  const words: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) if ('str' in item) words.push(item.str);
  await pdf.destroy();
  return words.join(' ');
}

/** The e-mail to `to` whose subject matches (the `nth` such, from 0), among the first few. */
async function mailWith(to: string, subject: RegExp, nth = 0): Promise<Mail> {
  for (let index = 0, found = 0; index < 10; index++) {
    const mail = await waitForMail(to, { after: index, timeoutMs: 20_000 });
    if (subject.test(mail.subject) && found++ === nth) return mail;
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

/** The day of `instant` at Paris (the Clio's place), as a date field takes it. */
const parisDay = (instant: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(instant);
const cardExpiry = () => `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

/** A guest's Clio at Paris CDG, paid in full with the demo card, through the API as the checkout screen calls it. */
async function guestPaidBooking(page: Page, email: string, language: 'en' | 'fr', offset: number) {
  const locations = (await (await page.request.get('/api/locations?q=Charles')).json()) as {
    _id: string;
    name: string;
  }[];
  const place = locations.find((location) => location.name === CDG)!._id;
  const when = rentalPeriod(offset);
  const search = await page.request.post('/api/search-cars/1/50', {
    headers: ownPage(),
    data: { pickupLocationId: place, dropoffLocationId: place, ...when },
  });
  const cars = ((await search.json()) as { results: { _id: string; name: string }[] }).results;
  const checkout = await page.request.post('/api/checkout', {
    headers: ownPage(),
    data: {
      carId: cars.find((car) => car.name === 'Renault Clio')!._id,
      pickupLocationId: place,
      dropoffLocationId: place,
      ...when,
      // Changes allowed: the Clio's amendments bought.
      extras: { amendments: true },
      paymentOption: 'full',
      currency: 'EUR',
      driver: {
        fullName: 'Robin Guest',
        email,
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-17',
        acceptTerms: true,
        language,
      },
    },
  });
  expect(checkout.status()).toBe(201);
  const { bookingId } = (await checkout.json()) as { bookingId: string };
  const paid = await page.request.post(`/api/demo-payment/${bookingId}`, {
    headers: ownPage(),
    data: { cardNumber: '4242 4242 4242 4242', expiry: cardExpiry(), cvc: '123', cardholder: 'Robin Guest' },
  });
  expect(paid.status()).toBe(200);
  return when;
}

for (const [language, offset] of [
  ['en', 250],
  ['fr', 256],
] as const) {
  test(`${language}: a guest finds the booking by reference and e-mail, changes its dates (shorter: refunded; longer: paid by card), cancels it free and reads the refund e-mail`, async ({
    page,
  }) => {
    const messages = locale(language);
    const email = `manage-${language}-${Date.now()}@roam.localhost`;
    const when = await guestPaidBooking(page, email, language, offset);

    // The confirmation carries the receipt and the calendar file, in the booking's language.
    const confirmation = await mailWith(email, language === 'en' ? /is confirmed/ : /est confirmée/);
    const reference = /([A-HJKMNP-Z2-9]{8})$/.exec(confirmation.subject)![1]!;
    const [pdf, ics] = confirmation.attachments;
    expect([pdf?.filename, ics?.filename]).toEqual([`receipt-${reference}.pdf`, `booking-${reference}.ics`]);
    const receipt = await pdfText(pdf!.content);
    expect(receipt).toContain(reference);
    expect(receipt).toContain(language === 'en' ? 'Receipt' : 'Reçu');
    const events = Object.values(ical.sync.parseICS(Buffer.from(ics!.content, 'base64').toString('utf8')))
      .filter((entry): entry is VEvent => entry?.type === 'VEVENT')
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(events.map((event) => event.start.toISOString())).toEqual([when.pickupAt, when.dropoffAt]);

    // A fresh browser (no cookie of the checkout's): the footer's "Manage booking".
    await page.context().clearCookies();
    await page.goto(`/?l=${language}`);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text(messages, 'nav.manageBooking') })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(messages, 'manage.title'));
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: text(messages, 'manage.reference') }).fill(reference.toLowerCase());
    await form.getByRole('textbox', { name: text(messages, 'manage.email') }).fill(email);
    await form.getByRole('button', { name: text(messages, 'manage.submit') }).click();
    await expect(page.getByText(text(messages, 'manage.sent'))).toBeVisible();
    const violations: string[] = [];
    await audit(page, violations, 'manage booking');
    expect(violations).toEqual([]);

    const linkMail = await mailWith(email, language === 'en' ? /^Manage your booking/ : /^Gérez votre réservation/);
    const link = new URL(linkIn(linkMail, 'http'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/booking\?b=/);
    await expect(page.getByText(text(messages, 'bookings.detail.guest'))).toBeVisible();

    // The guest changes the dates — a day shorter — and reads before confirming what comes back.
    await page.getByRole('button', { name: text(messages, 'bookings.action.edit'), exact: true }).click();
    const dropoffDate = page.getByLabel(text(messages, 'bookings.edit.dropoffDate'), { exact: true });
    await dropoffDate.fill(parisDay(Date.parse(when.dropoffAt) - 24 * 3600_000));
    await page.getByRole('button', { name: text(messages, 'bookings.amend.check') }).click();
    const quote = page.getByRole('region', { name: text(messages, 'bookings.amend.title') });
    await expect(quote).toContainText(text(messages, 'bookings.amend.refund').split('{{amount}}')[1]!.trim());
    // On a 360 px phone the page while editing, its quote shown, does not scroll sideways (WCAG 1.4.10 reflow).
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => overflow(page)).toEqual([]);
    await page.setViewportSize(desktop);
    await audit(page, violations, 'change booking');
    expect(violations).toEqual([]);
    await page.getByRole('button', { name: text(messages, 'bookings.amend.confirm') }).click();
    await expect(page.getByText(text(messages, 'bookings.updated'))).toBeVisible();
    const changedSubject = language === 'en' ? /is changed/ : /est modifiée/;
    const changed = await mailWith(email, changedSubject);
    expect(changed.text).toContain(language === 'en' ? 'Refund: ' : 'Remboursement : ');

    // Then a day longer than first booked: dearer than what was paid, so its difference is paid first, with the demo
    // card (the booking's own gateway), and only then is the change made.
    await page.getByRole('button', { name: text(messages, 'bookings.action.edit'), exact: true }).click();
    const longer = Date.parse(when.dropoffAt) + 24 * 3600_000;
    await dropoffDate.fill(parisDay(longer));
    await page.getByRole('button', { name: text(messages, 'bookings.amend.check') }).click();
    await page.getByRole('button', { name: textPattern(messages, 'bookings.amend.pay') }).click();
    const paying = page.getByRole('region', { name: textPattern(messages, 'bookings.amend.payTitle') });
    await paying.getByLabel(text(messages, 'payment.card.cardNumber')).fill('4242 4242 4242 4242');
    await paying.getByLabel(text(messages, 'payment.card.expiry')).fill(cardExpiry());
    await paying.getByLabel(text(messages, 'payment.card.cvc')).fill('123');
    await paying.getByLabel(text(messages, 'payment.card.cardholder')).fill('Robin Guest');
    await audit(page, violations, 'pay a change');
    expect(violations).toEqual([]);
    await paying.getByRole('button', { name: textPattern(messages, 'payment.card.pay') }).click();
    await expect(page.getByText(text(messages, 'bookings.amend.changed'))).toBeVisible();
    const bookingId = new URL(page.url()).searchParams.get('b');
    const booking = (await (await page.request.get(`/api/booking/${bookingId}`)).json()) as { dropoffAt: string };
    expect(Date.parse(booking.dropoffAt)).toBe(longer);
    await mailWith(email, changedSubject, 1);

    // The dialog says the terms make it free (the Clio includes cancellation) and what comes back, before confirming.
    await page.getByRole('button', { name: text(messages, 'bookings.action.cancel'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    const freeWords = text(messages, 'bookings.cancelTerms.freeRefund').split('{{amount}}')[0]!;
    await expect(dialog).toContainText(freeWords);
    await dialog.getByRole('button', { name: text(messages, 'bookings.confirm.cancel') }).click();
    await expect(page.getByText(text(messages, 'bookings.cancelled'))).toBeVisible();

    const refund = await mailWith(email, language === 'en' ? /is cancelled/ : /est annulée/);
    expect(refund.text).toContain(language === 'en' ? 'Refund: ' : 'Remboursement : ');
    expect(refund.text).toContain(reference);
  });
}
