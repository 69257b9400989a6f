import { CAR_CSV_COLUMNS, type CsvSeparator } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { listBookings } from '#server/features/bookings/bookings.service.ts';
import { fleetByPlate, fleetSupplier, type Operator } from '#server/features/fleet/fleet.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { csvFile, SHEET } from '#server/lib/csv-file.ts';
import { formatSheetTime } from '#server/lib/local-time.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { isPlatform } from '#server/plugins/session-user.ts';
import { carCells } from './car.csv.ts';

// Fleet export: the operator's cars as the CSV the import reads (export → import changes nothing), and its bookings
// of a period in the reader's words; both written by lib/csv-file.ts (the formula guard, the reader's separator).

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
