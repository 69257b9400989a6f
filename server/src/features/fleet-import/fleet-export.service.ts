import { CAR_CSV_COLUMNS, type CsvSeparator } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '#server/context.ts';
import { listBookings } from '#server/features/bookings/bookings.service.ts';
import { fleetByPlate, fleetSupplier, type Operator } from '#server/features/fleet/fleet.service.ts';
import { translator } from '#server/i18n/translate.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import { formatSheetTime } from '#server/lib/local-time.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { isPlatform } from '#server/plugins/session-user.ts';
import { carCells, type DecimalMark } from './car.csv.ts';

// Fleet export: the operator's cars as the CSV the import reads (export → import changes
// nothing), and its bookings of a period in the reader's words. Spreadsheets run a cell starting with = + - @ (or a
// tab, a carriage return) as a formula (OWASP "CSV injection"), and a spreadsheet set to another separator (`;` in
// French, German, Spanish and Swedish settings, a tab, `|`) splits our cells where they hold one (second audit, item
// 8). So a cell with any of those separators is quoted, and wherever a piece of a cell — its start, or what follows a
// separator in it — would start a formula, an apostrophe goes first, which the import drops (car.csv.ts). A plain
// number (a mileage of −1) is no formula and is written as it is, so it reads back the same.

/** Where a formula may start: the cell's start, or after any separator a spreadsheet may split on. */
const FORMULA_START = /(^|[,;|\t\r\n])(?=[=+\-@\t\r])(?!-?\d+(?:\.\d+)?(?:[,;|\t\r\n]|$))/g;
export const guardCell = (cell: string) => cell.replace(FORMULA_START, "$1'");
/** Quoted whatever the reader's separator: the comma, the quote and line breaks are quoted by csv-stringify. */
const OTHER_SEPARATORS = /[;|\t]/;

/** The reader's separator, and the decimal mark that goes with it (contract fleet-import.ts `CSV_SEPARATORS`). */
export const SHEET = {
  comma: { delimiter: ',', mark: '.' },
  semicolon: { delimiter: ';', mark: ',' },
} as const satisfies Record<CsvSeparator, { delimiter: string; mark: DecimalMark }>;

/** UTF-8 with a byte-order mark, so a spreadsheet opens accents right; separated as the reader's locale expects. */
export const csvFile = (fileName: string, rows: string[][], separator: CsvSeparator): DownloadedFile => ({
  fileName,
  contentType: 'text/csv; charset=utf-8',
  bytes: `\uFEFF${stringify(
    rows.map((row) => row.map(guardCell)),
    { delimiter: SHEET[separator].delimiter, quoted_match: OTHER_SEPARATORS },
  )}`,
});

/** `GET /api/export-cars`: every editor field of the supplier's live cars, by plate. */
export async function exportCars(
  ctx: AppContext,
  actor: Operator,
  query: { supplierId?: string | undefined; separator?: CsvSeparator | undefined },
) {
  const separator = query.separator ?? 'comma';
  const supplier = await fleetSupplier(ctx, actor, query.supplierId);
  const { all } = await fleetByPlate(ctx, supplier);
  const cells = all.map((car) => carCells(car.fields, SHEET[separator].mark));
  return csvFile('cars.csv', [[...CAR_CSV_COLUMNS], ...cells], separator);
}

const BOOKING_COLUMNS = [
  'reference',
  'status',
  'car',
  'supplier',
  'driver',
  'pickupLocation',
  'pickupAt',
  'pickupZone',
  'dropoffLocation',
  'dropoffAt',
  'dropoffZone',
  'days',
  'price',
  'paymentOption',
  'cancelRequest',
  'createdAt',
  'bookingId',
] as const;
const MAX_BOOKINGS = 10_000;

/**
 * `GET /api/export-bookings`: the bookings picked up from `from` (included) to `to` (excluded), UTC days, as the
 * bookings list shows them (a supplier its fleet's, the admin every fleet's or the supplier named), headed and worded
 * in the reader's language: the reference, the statuses and places in its words, each time on its place's clock with
 * the zone beside it. Price in EUR.
 */
export async function exportBookings(
  ctx: AppContext,
  user: SessionUser,
  query: {
    from: string;
    to: string;
    supplierId?: string | undefined;
    separator?: CsvSeparator | undefined;
    language?: Language | undefined;
  },
) {
  const language = query.language ?? 'en';
  const separator = query.separator ?? 'comma';
  const supplier = isPlatform(user) && query.supplierId ? await fleetSupplier(ctx, user, query.supplierId) : null;
  if (user.businessId !== null) await fleetSupplier(ctx, user, query.supplierId);
  const { results } = await listBookings(
    ctx,
    user,
    { statuses: [], from: `${query.from}T00:00:00Z`, to: `${query.to}T00:00:00Z`, language },
    1,
    MAX_BOOKINGS,
  );
  const t = translator(language, 'exports');
  const words = translator(language, 'bookings');
  const mark = SHEET[separator].mark;
  const rows = results
    .filter((booking) => supplier === null || booking.supplier._id === supplier)
    .map((b) => [
      b.reference,
      words(`status.${b.status}`),
      b.car.name,
      b.supplier.name,
      b.driver.name,
      b.pickupLocation.name,
      formatSheetTime(new Date(b.pickupAt), b.pickupLocation.timeZone),
      b.pickupLocation.timeZone,
      b.dropoffLocation.name,
      formatSheetTime(new Date(b.dropoffAt), b.dropoffLocation.timeZone),
      b.dropoffLocation.timeZone,
      String(b.days),
      (b.price / 100).toFixed(2).replace('.', mark),
      t(`paymentOption.${b.paymentOption}`),
      b.cancelRequest ? t('yes') : t('no'),
      b.createdAt,
      b._id,
    ]);
  const head = BOOKING_COLUMNS.map((column) => t(`columns.${column}`));
  return csvFile(`bookings-${query.from}-${query.to}.csv`, [head, ...rows], separator);
}
