import type { CatalogueExtraFieldsSchema } from '@roam/contract/catalogue-extras.schema';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingCatalogueExtras, bookings, catalogueExtraStock, catalogueExtras } from '#server/db/schema.ts';

// The catalogue's rows and their stock (docs/decisions/0016-extra-stock-row-locks.md).

export type CatalogueExtraRow = typeof catalogueExtras.$inferSelect;
export type Fields = z.output<typeof CatalogueExtraFieldsSchema>;
type Stock = { locationId: string; quantity: number };

const columnsOf = ({ stock: _stock, ...fields }: Fields) => fields;

export function listExtras(db: DbOrTx, supplierId: string | null) {
  return db
    .select()
    .from(catalogueExtras)
    .where(supplierId ? eq(catalogueExtras.supplierId, supplierId) : undefined)
    .orderBy(asc(catalogueExtras.createdAt), asc(catalogueExtras.id));
}

export async function findExtra(db: DbOrTx, id: string): Promise<CatalogueExtraRow | undefined> {
  const [row] = await db.select().from(catalogueExtras).where(eq(catalogueExtras.id, id));
  return row;
}

/** Each extra's stock rows, by extra id. */
export async function stockOf(db: DbOrTx, extraIds: readonly string[]): Promise<Map<string, Stock[]>> {
  const found = new Map<string, Stock[]>(extraIds.map((id) => [id, []]));
  if (extraIds.length === 0) return found;
  const rows = await db
    .select()
    .from(catalogueExtraStock)
    .where(inArray(catalogueExtraStock.extraId, [...extraIds]))
    .orderBy(asc(catalogueExtraStock.locationId));
  for (const row of rows) found.get(row.extraId)?.push({ locationId: row.locationId, quantity: row.quantity });
  return found;
}

async function replaceStock(tx: DbOrTx, extraId: string, stock: readonly Stock[]) {
  await tx.delete(catalogueExtraStock).where(eq(catalogueExtraStock.extraId, extraId));
  if (stock.length > 0) await tx.insert(catalogueExtraStock).values(stock.map((row) => ({ extraId, ...row })));
}

export async function insertExtra(tx: DbOrTx, supplierId: string, fields: Fields): Promise<string> {
  const [row] = await tx
    .insert(catalogueExtras)
    .values({ supplierId, ...columnsOf(fields) })
    .returning({ id: catalogueExtras.id });
  await replaceStock(tx, row!.id, fields.stock);
  return row!.id;
}

export async function updateExtra(tx: DbOrTx, id: string, fields: Fields): Promise<void> {
  await tx
    .update(catalogueExtras)
    .set({ ...columnsOf(fields), updatedAt: new Date() })
    .where(eq(catalogueExtras.id, id));
  await replaceStock(tx, id, fields.stock);
}

export async function deleteExtra(db: DbOrTx, id: string): Promise<void> {
  await db.delete(catalogueExtras).where(eq(catalogueExtras.id, id));
}

/** The business's extras (for checkout: its own cars' offer is decided by the contract's `offeredTo`). */
export function extrasOfSupplier(db: DbOrTx, supplierId: string) {
  return listExtras(db, supplierId);
}

/**
 * The stock rows of `extraIds` at a location, locked until the transaction ends (FOR UPDATE): a second checkout
 * of the same extra there waits here until the first commits, then counts its booking. Locked in id order, so two
 * checkouts of the same two extras cannot deadlock.
 */
export async function lockStock(tx: DbOrTx, extraIds: readonly string[], locationId: string) {
  if (extraIds.length === 0) return [];
  return tx
    .select({ extraId: catalogueExtraStock.extraId, quantity: catalogueExtraStock.quantity })
    .from(catalogueExtraStock)
    .where(and(inArray(catalogueExtraStock.extraId, [...extraIds]), eq(catalogueExtraStock.locationId, locationId)))
    .orderBy(asc(catalogueExtraStock.extraId))
    .for('update');
}

/**
 * How many of each extra the bookings holding their cars over the period hold at the location: the car's own rule
 * (`blocks_car`, and a live hold: a lapsed one no longer counts, even before the sweep releases it).
 */
export async function heldOver(
  db: DbOrTx,
  extraIds: readonly string[],
  locationId: string,
  period: { pickupAt: Date; dropoffAt: Date; now: Date },
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (extraIds.length === 0) return held;
  const rows = await db
    .select({
      extraId: bookingCatalogueExtras.extraId,
      held: sql<number>`sum(${bookingCatalogueExtras.quantity})::int`,
    })
    .from(bookingCatalogueExtras)
    .innerJoin(bookings, eq(bookings.id, bookingCatalogueExtras.bookingId))
    .where(
      and(
        inArray(bookingCatalogueExtras.extraId, [...extraIds]),
        eq(bookingCatalogueExtras.locationId, locationId),
        eq(bookings.blocksCar, true),
        or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, period.now)),
        sql`${bookings.period} && tstzrange(${period.pickupAt.toISOString()}::timestamptz, ${period.dropoffAt.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .groupBy(bookingCatalogueExtras.extraId);
  for (const row of rows) held.set(row.extraId, Number(row.held));
  return held;
}

export async function insertHeld(
  tx: DbOrTx,
  bookingId: string,
  locationId: string,
  chosen: readonly { id: string; quantity: number }[],
) {
  if (chosen.length === 0) return;
  await tx
    .insert(bookingCatalogueExtras)
    .values(chosen.map((extra) => ({ bookingId, extraId: extra.id, locationId, quantity: extra.quantity })));
}
