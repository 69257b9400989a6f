import type { CsvSeparator } from '@roam/contract/fleet-import';
import { stringify } from 'csv-stringify/sync';
import type { DownloadedFile } from './download.ts';

// A CSV download as the reader's spreadsheet opens it (the fleet's and bookings' exports, the monthly statement).
// Spreadsheets run a cell starting with = + - @ (or a tab, a carriage return) as a formula (OWASP "CSV injection"),
// and a spreadsheet set to another separator (`;` in French, German, Spanish and Swedish settings, a tab, `|`)
// splits our cells where they hold one. So a cell with any of those separators is quoted, and wherever a piece of a
// cell — its start, or what follows a separator in it — would start a formula, an apostrophe goes first, which the
// fleet import drops (features/fleet-import/car.csv.ts). A plain number (a mileage of −1) is no formula and is
// written as it is, so it reads back the same.

/** Where a formula may start: the cell's start, or after any separator a spreadsheet may split on. */
const FORMULA_START = /(^|[,;|\t\r\n])(?=[=+\-@\t\r])(?!-?\d+(?:\.\d+)?(?:[,;|\t\r\n]|$))/g;
export const guardCell = (cell: string) => cell.replace(FORMULA_START, "$1'");
/** Quoted whatever the reader's separator: the comma, the quote and line breaks are quoted by csv-stringify. */
const OTHER_SEPARATORS = /[;|\t]/;

/** The reader's separator, and the decimal mark that goes with it (contract fleet-import.ts `CSV_SEPARATORS`). */
export const SHEET = {
  comma: { delimiter: ',', mark: '.' },
  semicolon: { delimiter: ';', mark: ',' },
} as const satisfies Record<CsvSeparator, { delimiter: string; mark: '.' | ',' }>;

/** UTF-8 with a byte-order mark, so a spreadsheet opens accents right; separated as the reader's locale expects. */
export const csvFile = (fileName: string, rows: string[][], separator: CsvSeparator): DownloadedFile => ({
  fileName,
  contentType: 'text/csv; charset=utf-8',
  bytes: `\uFEFF${stringify(
    rows.map((row) => row.map(guardCell)),
    { delimiter: SHEET[separator].delimiter, quoted_match: OTHER_SEPARATORS },
  )}`,
});
