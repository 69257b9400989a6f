import type { CatalogueExtra, OfferedCatalogueExtra } from '@roam/contract/catalogue-extras';
import { offeredTo } from '@roam/contract/catalogue-extras';
import type { CarCatalogueExtrasQuerySchema } from '@roam/contract/catalogue-extras.schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { cars, locations } from '#server/db/schema.ts';
import { fleetSupplier, type Operator, operates } from '#server/features/fleet/fleet.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import * as repository from './catalogue-extras.repository.ts';

// The business's own extras in the console (docs/architecture.md §5 "Catalogue extras"): a supplier's team edits
// its own (the role table's `prices.write`), the admin any business's; another business's extra does not exist for
// them (404). And what a car offers at a location over a period, for the checkout and the walk-in.

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Extra not found.');

const toExtra = (row: repository.CatalogueExtraRow, stock: CatalogueExtra['stock']): CatalogueExtra => ({
  _id: row.id,
  supplierId: row.supplierId,
  names: row.names,
  charge: row.charge,
  price: row.price,
  maxPerRental: row.maxPerRental,
  maxQuantity: row.maxQuantity,
  mandatory: row.mandatory,
  carIds: row.carIds,
  ranges: row.ranges,
  stock,
});

async function withStock(ctx: AppContext, rows: readonly repository.CatalogueExtraRow[]) {
  const stock = await repository.stockOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toExtra(row, stock.get(row.id) ?? []));
}

/** The cars named are the business's own, the locations exist: else a field error (never a foreign key's 500). */
async function checkFields(ctx: AppContext, supplierId: string, fields: repository.Fields) {
  const carIds = [...new Set(fields.carIds)];
  if (carIds.length > 0) {
    const own = await ctx.db
      .select({ id: cars.id })
      .from(cars)
      .where(and(inArray(cars.id, carIds), eq(cars.supplierId, supplierId), isNull(cars.deletedAt)));
    if (own.length !== carIds.length) throw validationFailed({ carIds: ['Choose cars of this business.'] });
  }
  const placeIds = fields.stock.map((row) => row.locationId);
  if (placeIds.length > 0) {
    const found = await ctx.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, placeIds));
    if (found.length !== placeIds.length) throw validationFailed({ stock: ['Unknown location.'] });
  }
  return { ...fields, carIds };
}

/** The extra, when `actor` operates its business; else 404. */
async function operatedExtra(ctx: AppContext, actor: Operator, id: string) {
  const row = await repository.findExtra(ctx.db, id);
  if (!row || !operates(actor, row.supplierId)) throw NOT_FOUND();
  return row;
}

/** `GET /api/catalogue-extras`: a business's own; the admin's, every business's or the one named. */
export async function listCatalogueExtras(ctx: AppContext, actor: Operator, supplierId?: string) {
  const business = actor.businessId ?? supplierId ?? null;
  return withStock(ctx, await repository.listExtras(ctx.db, business));
}

export async function createCatalogueExtra(
  ctx: AppContext,
  actor: Operator,
  body: repository.Fields & { supplierId?: string },
): Promise<CatalogueExtra> {
  const { supplierId: named, ...fields } = body;
  const supplierId = await fleetSupplier(ctx, actor, named);
  const checked = await checkFields(ctx, supplierId, fields);
  const id = await ctx.db.transaction((tx) => repository.insertExtra(tx, supplierId, checked));
  const [extra] = await withStock(ctx, [(await repository.findExtra(ctx.db, id))!]);
  return extra!;
}

export async function updateCatalogueExtra(
  ctx: AppContext,
  actor: Operator,
  id: string,
  fields: repository.Fields,
): Promise<CatalogueExtra> {
  const row = await operatedExtra(ctx, actor, id);
  const checked = await checkFields(ctx, row.supplierId, fields);
  await ctx.db.transaction((tx) => repository.updateExtra(tx, id, checked));
  const [extra] = await withStock(ctx, [(await repository.findExtra(ctx.db, id))!]);
  return extra!;
}

/** Gone from the catalogue; the bookings that bought it keep it in their terms. */
export async function deleteCatalogueExtra(ctx: AppContext, actor: Operator, id: string) {
  await operatedExtra(ctx, actor, id);
  await repository.deleteExtra(ctx.db, id);
  return { _id: id, deleted: true as const };
}

type Car = { id: string; range: string; supplierId: string };
/** An extra a car offers at a location, and its stock there (null: it keeps none). */
export type Offered = { row: repository.CatalogueExtraRow; stock: number | null };

/**
 * The extras `car` offers at `locationId`: the business's that name it (or its range, or every car), and — for one
 * that keeps a stock — only at a location with a stock row. Each with its stock row, when it keeps one.
 */
export async function offeredAt(ctx: AppContext, car: Car, locationId: string): Promise<Offered[]> {
  const rows = (await repository.extrasOfSupplier(ctx.db, car.supplierId)).filter((row) => offeredTo(row, car));
  const stock = await repository.stockOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row): Offered[] => {
    const kept = stock.get(row.id) ?? [];
    if (kept.length === 0) return [{ row, stock: null }];
    const here = kept.find((entry) => entry.locationId === locationId);
    return here ? [{ row, stock: here.quantity }] : [];
  });
}

/** `GET /api/car-catalogue-extras/{id}`: what the checkout offers, with how many are left over the period. */
export async function carCatalogueExtras(
  ctx: AppContext,
  carId: string,
  query: z.output<typeof CarCatalogueExtrasQuerySchema>,
): Promise<OfferedCatalogueExtra[]> {
  const [car] = await ctx.db
    .select({ id: cars.id, range: cars.range, supplierId: cars.supplierId })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)));
  if (!car) throw new AppError('NOT_FOUND', 'Car not found.');
  const offered = await offeredAt(ctx, car, query.locationId);
  const pickupAt = new Date(query.pickupAt);
  const dropoffAt = new Date(query.dropoffAt);
  const held =
    dropoffAt > pickupAt
      ? await repository.heldOver(
          ctx.db,
          offered.filter((entry) => entry.stock !== null).map((entry) => entry.row.id),
          query.locationId,
          { pickupAt, dropoffAt, now: ctx.clock.now() },
        )
      : new Map<string, number>();
  return offered.map(({ row, stock }) => ({
    _id: row.id,
    names: row.names,
    charge: row.charge,
    price: row.price,
    maxPerRental: row.maxPerRental,
    maxQuantity: row.maxQuantity,
    mandatory: row.mandatory,
    left: stock === null ? null : Math.max(0, stock - (held.get(row.id) ?? 0)),
  }));
}
