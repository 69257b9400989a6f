import { CAR_CSV_COLUMNS } from '@roam/contract/fleet-import';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '#server/context.ts';
import { listBookings } from '#server/features/bookings/bookings.service.ts';
import { fleetByPlate, fleetSupplier, type Operator } from '#server/features/fleet/fleet.service.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { isPlatform } from '#server/plugins/session-user.ts';
import { carCells } from './car.csv.ts';

// Fleet export (issue #26 item 3): the operator's cars as the CSV the import reads (export → import changes
// nothing), and its bookings of a period. Spreadsheets run a cell starting with = + - @ (or a tab, a carriage
// return) as a formula (OWASP "CSV injection"), and a spreadsheet set to another separator (`;` in French, German,
// Spanish and Swedish settings, a tab, `|`) splits our cells where they hold one (second audit, item 8). So a cell
// with any of those separators is quoted, and wherever a piece of a cell — its start, or what follows a separator
// in it — would start a formula, an apostrophe goes first, which the import drops (car.csv.ts). A plain number (a
// mileage of −1) is no formula and is written as it is, so it reads back the same.

/** Where a formula may start: the cell's start, or after any separator a spreadsheet may split on. */
const FORMULA_START = /(^|[,;|\t\r\n])(?=[=+\-@\t\r])(?!-?\d+(?:\.\d+)?(?:[,;|\t\r\n]|$))/g;
export const guardCell = (cell: string) => cell.replace(FORMULA_START, "$1'");
/** Quoted whatever the reader's separator: the comma, the quote and line breaks are quoted by csv-stringify. */
const OTHER_SEPARATORS = /[;|\t]/;

/** UTF-8 with a byte-order mark, so a spreadsheet opens accents right. */
const csvFile = (fileName: string, rows: string[][]): DownloadedFile => ({
  fileName,
  contentType: 'text/csv; charset=utf-8',
  bytes: `\uFEFF${stringify(
    rows.map((row) => row.map(guardCell)),
    { quoted_match: OTHER_SEPARATORS },
  )}`,
});

/** `GET /api/export-cars`: every editor field of the supplier's live cars, by plate. */
export async function exportCars(ctx: AppContext, actor: Operator, supplierId: string | undefined) {
  const supplier = await fleetSupplier(ctx, actor, supplierId);
  const { all } = await fleetByPlate(ctx, supplier);
  return csvFile('cars.csv', [[...CAR_CSV_COLUMNS], ...all.map((car) => carCells(car.fields))]);
}

const BOOKING_COLUMNS = [
  'bookingId',
  'status',
  'car',
  'supplier',
  'driver',
  'pickupLocation',
  'dropoffLocation',
  'pickupAt',
  'dropoffAt',
  'days',
  'price',
  'paymentOption',
  'cancelRequest',
  'createdAt',
];
const MAX_BOOKINGS = 10_000;

/**
 * `GET /api/export-bookings`: the bookings picked up from `from` (included) to `to` (excluded), UTC days, as the
 * bookings list shows them (a supplier its fleet's, the admin every fleet's or the supplier named). Price in EUR.
 */
export async function exportBookings(
  ctx: AppContext,
  user: SessionUser,
  query: { from: string; to: string; supplierId?: string | undefined },
) {
  const supplier = isPlatform(user) && query.supplierId ? await fleetSupplier(ctx, user, query.supplierId) : null;
  if (user.businessId !== null) await fleetSupplier(ctx, user, query.supplierId);
  const { results } = await listBookings(
    ctx,
    user,
    { statuses: [], from: `${query.from}T00:00:00Z`, to: `${query.to}T00:00:00Z`, language: 'en' },
    1,
    MAX_BOOKINGS,
  );
  const rows = results
    .filter((booking) => supplier === null || booking.supplier._id === supplier)
    .map((b) => [
      b._id,
      b.status,
      b.car.name,
      b.supplier.name,
      b.driver.name,
      b.pickupLocation.name,
      b.dropoffLocation.name,
      b.pickupAt,
      b.dropoffAt,
      String(b.days),
      (b.price / 100).toFixed(2),
      b.paymentOption,
      String(b.cancelRequest),
      b.createdAt,
    ]);
  return csvFile(`bookings-${query.from}-${query.to}.csv`, [BOOKING_COLUMNS, ...rows]);
}
