import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { Statement, StatementTotals } from '@roam/contract/statements';
import { startPdf } from '#server/features/documents/receipt.pdf.ts';
import { translator } from '#server/i18n/translate.ts';

// The statement's PDF summary in the reader's language (docs/decisions/0011-invoices.md, "Statements"): per
// currency, the totals the screen shows — each a sum of the CSV's rows — and the VAT per rate.

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4

export function statementPdf(
  statement: Pick<Statement, 'month' | 'totals'>,
  options: { language: Language; supplierName: string | null; websiteName: string },
) {
  const { language } = options;
  const t = translator(language, 'invoices');
  const title = t('statement.title', { month: statement.month });
  const who = options.supplierName ?? t('statement.allSuppliers');
  const { pdf, done } = startPdf(language, { title, author: who, createdAt: new Date() });
  pdf.fontSize(20).text(title);
  pdf
    .moveDown(0.3)
    .fontSize(11)
    .text(`${t('statement.supplier')}: ${who}`);
  const line = (label: string, value: string) => {
    const y = pdf.y;
    pdf.text(label, MARGIN, y, { width: WIDTH * 0.65 });
    const bottom = pdf.y;
    pdf.text(value, MARGIN + WIDTH * 0.65, y, { width: WIDTH * 0.35, align: 'right' });
    pdf.x = MARGIN;
    pdf.y = Math.max(bottom, pdf.y) + 2;
  };
  const percent = (rate: number) => `${language === 'en' ? String(rate) : String(rate).replace('.', ',')} %`;
  if (statement.totals.length === 0) pdf.moveDown().text(t('statement.empty'));
  for (const totals of statement.totals) section(totals);
  pdf.moveDown(2).fontSize(9).text(options.websiteName, MARGIN, pdf.y, { width: WIDTH });
  pdf.end();
  return done;

  function section(totals: StatementTotals) {
    const money = (minor: number) => formatMinor(minor, totals.currency, language);
    pdf.moveDown().fontSize(14).text(totals.currency).fontSize(11).moveDown(0.3);
    line(t('statement.bookings'), String(totals.bookings));
    line(t('statement.rental'), money(totals.revenue.rental));
    line(t('statement.extras'), money(totals.revenue.extras));
    line(t('statement.charges'), money(totals.revenue.charges));
    line(t('statement.changes'), money(totals.revenue.changes));
    line(t('statement.credited'), money(totals.credited));
    line(t('statement.invoiced'), money(totals.invoiced.gross));
    line(t('statement.received'), money(totals.received));
    line(t('statement.refunded'), money(totals.refunded));
    const { held, captured, released } = totals.deposits;
    line(t('statement.deposits'), `${money(held)} / ${money(captured)} / ${money(released)}`);
    line(t('statement.priceChange'), money(totals.priceChange));
    pdf.moveDown(0.5).text(t('statement.vatByRate'), { underline: true });
    for (const rate of totals.vatRates)
      line(
        `${percent(rate.vatRate)} — ${t('statement.columns.net')} ${money(rate.net)}`,
        `${t('statement.columns.vat')} ${money(rate.vat)}`,
      );
    pdf
      .moveDown(0.3)
      .fontSize(9)
      .text(t('statement.generated', { currency: totals.currency }))
      .fontSize(11);
  }
}
