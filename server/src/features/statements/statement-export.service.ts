import type { CsvSeparator } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import { minorUnitDigits } from '@roam/contract/money';
import type { StatementRow } from '@roam/contract/statements';
import type { AppContext } from '#server/context.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { csvFile, SHEET } from '#server/lib/csv-file.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { statementPdf } from './statement.pdf.ts';
import { supplierName } from './statements.repository.ts';
import { monthRowsPage, monthTotals, statementScope } from './statements.service.ts';

// The statement's downloads (docs/decisions/0011-invoices.md, "Statements"): the CSV accountants import — one row
// per invoice and credit note (per VAT rate), payment and refund, headed in the reader's language, the separator and
// decimal mark their spreadsheet expects, a UTF-8 BOM and every cell guarded against formulas (the fleet export's
// `csvFile`) — and a PDF summary of its totals. Both are drawn from the one statement the screen shows: the PDF
// states its totals, the CSV every row, read a chunk at a time in the screen's order (a large supplier's month is
// tens of thousands of rows: only the cells are held, never every row's record at once).

/** Rows read per query by the CSV. */
const CHUNK = 10_000;

const COLUMNS = [
  'type',
  'number',
  'date',
  'counterpart',
  'net',
  'vatRate',
  'vat',
  'gross',
  'currency',
  'paymentMethod',
  'gatewayReference',
  'bookingId',
] as const;

/** Minor units as a decimal number of the currency, with the reader's mark (no grouping: spreadsheets read it). */
const decimal = (minor: number | null, currency: string, mark: string) =>
  minor === null ? '' : (minor / 10 ** minorUnitDigits(currency)).toFixed(minorUnitDigits(currency)).replace('.', mark);

export async function exportStatement(
  ctx: AppContext,
  user: SessionUser,
  query: {
    month: string;
    supplierId?: string | undefined;
    format: 'csv' | 'pdf';
    separator?: CsvSeparator | undefined;
    language?: Language | undefined;
  },
): Promise<DownloadedFile> {
  const language = query.language ?? 'en';
  const scope = await statementScope(ctx, user, query);
  const name = `statement-${query.month}`;
  if (query.format === 'pdf') {
    const seller = scope.supplierId ? await supplierName(ctx.db, scope.supplierId) : null;
    const { totals } = await monthTotals(ctx.db, scope);
    return {
      fileName: `${name}.pdf`,
      contentType: 'application/pdf',
      bytes: await statementPdf(
        { month: query.month, totals },
        { language, supplierName: seller, websiteName: await siteName(ctx) },
      ),
    };
  }
  const separator = query.separator ?? 'comma';
  const mark = SHEET[separator].mark;
  const t = translator(language, 'invoices');
  const cells = (row: StatementRow) => [
    t(`statement.types.${row.type}`),
    row.number,
    row.date,
    row.counterpart,
    decimal(row.net, row.currency, mark),
    row.vatRate === null ? '' : String(row.vatRate).replace('.', mark),
    decimal(row.vat, row.currency, mark),
    decimal(row.gross, row.currency, mark),
    row.currency,
    row.paymentMethod ?? '',
    row.gatewayReference ?? '',
    row.bookingId,
  ];
  const lines = [COLUMNS.map((column) => t(`statement.columns.${column}`))];
  for (let offset = 0; ; offset += CHUNK) {
    const chunk = await monthRowsPage(ctx.db, scope, offset, CHUNK);
    for (const row of chunk) lines.push(cells(row));
    if (chunk.length < CHUNK) break;
  }
  return csvFile(`${name}.csv`, lines, separator);
}
