import { catalogueExtraName } from '@roam/contract/catalogue-extras';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from '@roam/contract/invoices';
import { formatMinor } from '@roam/contract/money';
import { startPdf } from '#server/features/documents/receipt.pdf.ts';
import { translator } from '#server/i18n/translate.ts';
import { formatLocalDate } from '#server/lib/local-time.ts';

// An invoice or a credit note as a PDF in the customer's language (words: i18n/locales/<language>/invoices.json; an
// extra's and a charge's name as the receipt and the counter name them), drawn from what was issued and stored —
// never re-computed (docs/decisions/0011-invoices.md).

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
/** Left edges of the columns: description, quantity, VAT rate, net, VAT, gross. */
const X = [0, 170, 230, 290, 360, 425] as const;

export function invoicePdf(document: InvoiceDocument, options: { websiteName: string }) {
  const { language } = document;
  const t = translator(language, 'invoices');
  const receipt = translator(language, 'documents');
  const counter = translator(language, 'counter');
  const money = (amount: number) => formatMinor(amount, document.currency, language);
  const percent = (rate: number) => `${language === 'en' ? String(rate) : String(rate).replace('.', ',')} %`;
  const title = t(document.kind === 'invoice' ? 'invoice' : 'creditNote');
  const issuedAt = new Date(document.issuedAt);
  const { pdf, done } = startPdf(language, {
    title: `${title} ${document.number}`,
    author: document.seller.name,
    createdAt: issuedAt,
  });
  pdf.fontSize(20).text(`${title} ${document.number}`);
  pdf.moveDown(0.5).fontSize(11);
  const fact = (label: string, value: string) => pdf.text(`${label}: ${value}`);
  fact(t('issueDate'), formatLocalDate(issuedAt, document.timeZone, language));
  if (document.invoiceNumber) fact(t('credits', { number: document.invoiceNumber }), '');
  const party = (label: string, who: InvoiceParty) => {
    pdf.moveDown(0.5);
    pdf.text(label, { underline: true });
    pdf.text(who.name);
    if (who.address) pdf.text(who.address);
    if (who.vatNumber) pdf.text(`${t('vatNumber')}: ${who.vatNumber}`);
  };
  party(t('seller'), document.seller);
  party(t('buyer'), document.buyer);

  pdf.moveDown();
  const row = (cells: readonly string[]) => {
    const y = pdf.y;
    let bottom = y;
    cells.forEach((cell, index) => {
      const left = X[index]!;
      const right = index + 1 < X.length ? X[index + 1]! : WIDTH;
      pdf.text(cell, MARGIN + left, y, { width: right - left - 6, align: index === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.x = MARGIN;
    pdf.y = bottom + 4;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + WIDTH, pdf.y)
      .stroke();
    pdf.y += 4;
  };
  const name = (line: InvoiceLine) => {
    if (line.item === 'rental') return receipt('rental', { count: line.quantity });
    if (line.item === 'catalogueExtra') return catalogueExtraName(line, document.language);
    if (line.item.startsWith('charge.')) return counter(`chargeKinds.${line.item.slice('charge.'.length)}` as never);
    if (line.item in ITEM_KEYS) return t(`items.${line.item as keyof typeof ITEM_KEYS}`);
    return receipt(`extras.${line.item}` as never);
  };
  pdf.fontSize(10);
  row([t('description'), t('quantity'), t('vatRate'), t('net'), t('vat'), t('gross')]);
  rule();
  for (const line of document.lines) {
    row([
      name(line),
      line.item === 'rental' ? '1' : String(line.quantity),
      percent(line.vatRate),
      money(line.net),
      money(line.vat),
      money(line.gross),
    ]);
  }
  rule();
  row([t('total'), '', '', money(document.net), money(document.vat), money(document.gross)]);
  pdf.moveDown(2);
  pdf.text(t('pricesIncludeVat', { currency: document.currency }), MARGIN, pdf.y, { width: WIDTH });
  pdf.text(options.websiteName, { width: WIDTH });
  pdf.end();
  return done;
}

const ITEM_KEYS = { amendment: 1, return_charges: 1, later_charges: 1, no_show: 1, refund: 1 } as const;
