import type { CarFields } from '@roam/contract/fleet';
import { CAR_CSV_COLUMNS, CAR_CSV_MONEY, type CarCsvColumn, IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import { EXTRAS } from '@roam/contract/price';
import { ENUM_COLUMNS, type EnumColumn, enumCode, yesNo } from './car-labels.csv.ts';

// A car's fields to and from the cells of the fleet CSV (the format: contract fleet-import.ts). A
// cell that cannot be read as its field's type is passed on as written, so `CreateCarBodySchema` names the error in
// its own words; what the schema cannot say (a list's format) is an issue of its own.

const MONEY = new Set<string>(CAR_CSV_MONEY);
const EXTRA = new Set<string>(EXTRAS);
const INTEGER = new Set<string>(['seats', 'doors', 'mileage', 'minimumAge', 'co2']);
const BOOLEAN = new Set<string>(['aircon', 'isDateBasedPrice', 'fullyBooked']);
const LIST = new Set<string>(['multimedia', 'locationIds']);
const ENUM = new Set<string>(ENUM_COLUMNS);
/** Fields that may be cleared with an empty cell (null); the others take their default on a new car. */
const NULLABLE = new Set<string>([...CAR_CSV_MONEY.filter((f) => f !== 'deposit' && f !== 'dailyPrice'), 'co2']);

/** A file separated by ';' writes a decimal comma, as the spreadsheets of the languages that use one read it. */
export type DecimalMark = '.' | ',';
const euros = (minor: number, mark: DecimalMark) => (minor / 100).toFixed(2).replace('.', mark);
/** '45', '45.5', '45.50' → 4500, 4550, 4550; anything else null. */
function minorOf(cell: string): number | null {
  const match = /^(-?\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cell);
  if (!match) return null;
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const units = Number(match[1]);
  return units * 100 + (match[1]?.startsWith('-') ? -cents : cents);
}

const PERIOD = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2}):(.+)$/;

export type CellResult = { value: unknown } | { issue: string };

/** The field's value of a cell (undefined: empty cell of a field with a default). */
export function readCell(column: CarCsvColumn, raw: string): CellResult {
  // The export writes an apostrophe where a spreadsheet would start a formula: at the start of a cell or after a
  // separator in it (lib/csv-file.ts `guardCell`); it is not part of the value.
  const cell = raw.trim().replace(/(^|[,;|\t\r\n])'(?=[=+\-@\t\r])/g, '$1');
  if (cell === '') {
    if (column === 'name' || column === 'licensePlate') return { value: cell };
    if (LIST.has(column) || column === 'dateBasedPrices') return { value: [] };
    return { value: NULLABLE.has(column) ? null : undefined };
  }
  if (EXTRA.has(column)) {
    if (cell === '-1' || cell === '0') return { value: Number(cell) };
    return { value: minorOf(cell) ?? cell };
  }
  if (MONEY.has(column)) return { value: minorOf(cell) ?? cell };
  if (INTEGER.has(column)) return { value: /^-?\d+$/.test(cell) ? Number(cell) : cell };
  if (BOOLEAN.has(column)) {
    const value = yesNo(cell);
    return value === null ? { issue: IMPORT_MESSAGES.notYesNo } : { value };
  }
  if (ENUM.has(column)) {
    const items = column === 'multimedia' ? splitList(cell) : [cell];
    const codes = items.map((item) => enumCode(column as EnumColumn, item));
    if (codes.some((code) => code === null)) return { issue: IMPORT_MESSAGES.notAllowed };
    return { value: column === 'multimedia' ? codes : codes[0] };
  }
  if (LIST.has(column)) return { value: splitList(cell) };
  if (column === 'dateBasedPrices') {
    const periods = [];
    for (const part of splitList(cell)) {
      const match = PERIOD.exec(part);
      const price = match ? minorOf(match[3]!.trim()) : null;
      if (!match || price === null) return { issue: IMPORT_MESSAGES.badPeriods };
      periods.push({ startDate: match[1], endDate: match[2], dailyPrice: price });
    }
    return { value: periods };
  }
  return { value: cell };
}

export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The cells of a car, in `CAR_CSV_COLUMNS` order (what `readCell` reads back to the same fields). */
export function carCells(fields: CarFields, mark: DecimalMark = '.'): string[] {
  return CAR_CSV_COLUMNS.map((column) => {
    const value = fields[column];
    if (value === null || value === undefined) return '';
    if (EXTRA.has(column)) return value === -1 || value === 0 ? String(value) : euros(value as number, mark);
    if (MONEY.has(column)) return euros(value as number, mark);
    if (column === 'dateBasedPrices')
      return fields.dateBasedPrices
        .map((period) => `${period.startDate}..${period.endDate}:${euros(period.dailyPrice, mark)}`)
        .join('|');
    if (Array.isArray(value)) return value.join('|');
    return String(value);
  });
}
