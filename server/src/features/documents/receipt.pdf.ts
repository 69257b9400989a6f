import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueExtraName } from '@roam/contract/catalogue-extras';
import { COUNTER_STATUSES } from '@roam/contract/counter';
import { type Language, LOCALE_TAGS } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import { create as parseFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { translator } from '#server/i18n/translate.ts';
import { formatLocalDate, formatLocalTime } from '#server/lib/local-time.ts';
import type { BookingDocument, DocumentPlace } from './booking-document.rules.ts';

// The booking's receipt as a PDF, in the booking's language (words: i18n/locales/<language>/documents.json; its status
// in the screens' words), laid out by pdfkit. The text is set in DejaVu Sans, embedded (subset) in the file: the
// standard PDF fonts know only Western European letters, and a booking's currency may be written ₹, zł or ₺.

// In the bundle (dist/main.js) and in source (src/features/documents/) the font sits in server/assets/fonts.
const here = path.dirname(fileURLToPath(import.meta.url));
const FONT_FILE = path.resolve(here, here.endsWith('dist') ? '../assets' : '../../../assets', 'fonts/DejaVuSans.ttf');
// Parsed once per process: pdfkit parses a font given as bytes for every document (~28 ms of a core each, a third of
// a counter act's CPU at ten operators — bench/README.md "The counter"), and takes a parsed fontkit font as it is.
// Each document still embeds its own subset of the glyphs it uses.
// fontkit keeps each glyph it has made, with the characters it was asked for: a subset that embeds an accented letter
// makes its parts (É: E and the accent) with none, and a later document writing E got that glyph — drawn right, but
// without its character in the PDF's text (copy, search, a screen reader: "inzelpreis"). So every glyph a character
// maps to is made first, with its character.
let font: ReturnType<typeof parseFont> | null = null;
const withEveryCharacter = (parsed: ReturnType<typeof parseFont>) => {
  for (const codePoint of parsed.characterSet) parsed.glyphForCodePoint(codePoint);
  return parsed;
};
const parsedFont = () => {
  font ??= withEveryCharacter(parseFont(readFileSync(FONT_FILE)));
  // A fontkit font is a font source pdfkit accepts (PDFFontFactory.open); @types/pdfkit lists only bytes and paths.
  return font as unknown as Buffer;
};

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
const COLUMNS = { description: 0, quantity: 270, unit: 330, amount: 415 } as const;

/**
 * An A4 document in `language` set in the embedded font, and its bytes once `pdf.end()` is called: every PDF a booking
 * has (this receipt; the counter's agreement, condition report and final receipt) starts here.
 */
export function startPdf(language: Language, info: { title: string; author: string; createdAt: Date }) {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: LOCALE_TAGS[language],
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('text', parsedFont());
  pdf.font('text');
  return { pdf, done };
}

export function receiptPdf(document: BookingDocument, options: { websiteName: string; issuedAt: Date }) {
  const t = translator(document.language, 'documents');
  const money = (amount: number) => formatMinor(amount, document.money.currency, document.language);
  const { pdf, done } = startPdf(document.language, {
    title: `${t('receipt')} ${document.reference}`,
    author: options.websiteName,
    createdAt: options.issuedAt,
  });
  pdf.fontSize(20).text(`${options.websiteName} — ${t('receipt')}`);
  pdf.moveDown(0.5).fontSize(11);
  const fact = (label: string, value: string) => pdf.text(`${label}: ${value}`);
  fact(t('reference'), document.reference);
  fact(t('issuedOn'), formatLocalDate(options.issuedAt, document.pickup.timeZone, document.language));
  fact(t('status'), translator(document.language, 'bookings')(`status.${document.status}`));

  pdf.moveDown();
  fact(t('supplier'), `${document.supplier.name} · ${document.supplier.email}`);
  fact(
    t('driver'),
    [document.driver.name, document.driver.email, document.driver.phone].filter((part) => part).join(' · '),
  );
  fact(t('vehicle'), document.carName);
  const place = (label: string, where: DocumentPlace) =>
    fact(
      label,
      `${formatLocalTime(where.at, where.timeZone, document.language)} — ${where.name}${where.address ? `, ${where.address}` : ''}`,
    );
  place(t('pickup'), document.pickup);
  place(t('dropoff'), document.dropoff);

  // The lines: the rental, then each chosen extra, as the price engine gives them.
  pdf.moveDown();
  const row = (cells: [string, string, string, string]) => {
    const y = pdf.y;
    pdf.text(cells[0], MARGIN + COLUMNS.description, y, { width: COLUMNS.quantity - 10 });
    const bottom = pdf.y;
    pdf.text(cells[1], MARGIN + COLUMNS.quantity, y, { width: COLUMNS.unit - COLUMNS.quantity - 10, align: 'right' });
    pdf.text(cells[2], MARGIN + COLUMNS.unit, y, { width: COLUMNS.amount - COLUMNS.unit - 10, align: 'right' });
    pdf.text(cells[3], MARGIN + COLUMNS.amount, y, { width: WIDTH - COLUMNS.amount, align: 'right' });
    pdf.x = MARGIN;
    pdf.y = Math.max(bottom, pdf.y) + 4;
  };
  row([t('description'), t('quantity'), t('unitPrice'), t('amount')]);
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + WIDTH, pdf.y)
    .stroke();
  pdf.y += 4;
  const days = rentalDays(document.pickup.at, document.dropoff.at);
  for (const line of document.money.lines) {
    const name =
      line.item === 'rental'
        ? t('rental', { count: days })
        : line.item === 'catalogueExtra'
          ? catalogueExtraName(line, document.language)
          : t(`extras.${line.item}`);
    const included = line.amount === 0 ? t('included') : money(line.amount);
    row([name, String(line.quantity), line.amount === 0 ? '' : money(line.unit), included]);
  }
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + WIDTH, pdf.y)
    .stroke();
  pdf.y += 6;

  const total = (label: string, amount: string) => row([label, '', '', amount]);
  total(t('total'), money(document.money.total));
  if (document.money.vat) {
    total(
      t('vatIncluded', { rate: vatRateText(document.money.vat.rate, document.language) }),
      money(document.money.vat.amount),
    );
  }
  if (document.money.charges > 0) total(t('chargesAtReturn'), money(document.money.charges));
  total(t('paidOnline'), money(document.money.paidOnline));
  // Once the counter has the booking, what is due is its balance (the charges at the return in it), not at pick-up.
  const atCounter = (COUNTER_STATUSES as readonly string[]).includes(document.status);
  total(t(atCounter ? 'balanceDue' : 'dueAtPickup'), money(document.money.dueAtPickup));
  total(t('securityDeposit'), money(document.money.securityDeposit));
  total(t('currency'), document.money.currency);

  pdf.moveDown(2);
  pdf.fontSize(10).text(t('thanks', { websiteName: options.websiteName }), MARGIN, pdf.y, { width: WIDTH });
  pdf.end();
  return done;
}

const vatRateText = (rate: number, language: BookingDocument['language']) =>
  language === 'en' ? String(rate) : String(rate).replace('.', ',');
