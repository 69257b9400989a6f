import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookings, carLocations, cars, countries, locations } from '#server/db/schema.ts';
import { presentFields } from '#server/lib/present-fields.ts';

// The admin's places: the only Drizzle code that writes countries and locations. A location's write
// bumps the car search's fleet version (trigger locations_fleet_version, migration 0005), so search sees it at once.

export type LocationRow = typeof locations.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;

/** Live cars offered at each location. */
const carCounts = (db: DbOrTx) =>
  db
    .select({ locationId: carLocations.locationId, n: count() })
    .from(carLocations)
    .innerJoin(cars, and(eq(cars.id, carLocations.carId), isNull(cars.deletedAt)))
    .groupBy(carLocations.locationId);

export async function allLocations(db: DbOrTx) {
  const [countryRows, locationRows, counts] = await readTogether(db, [
    () => db.select().from(countries).orderBy(countries.code),
    () => db.select().from(locations),
    () => carCounts(db),
  ]);
  return { countryRows, locationRows, carCount: new Map(counts.map((row) => [row.locationId, Number(row.n)])) };
}

export async function findLocation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  if (!row) return null;
  const [cars] = await carCounts(db).where(eq(carLocations.locationId, id));
  return { row, carCount: Number(cars?.n ?? 0) };
}

export async function findCountry(db: DbOrTx, id: string) {
  const [row] = await db.select().from(countries).where(eq(countries.id, id)).limit(1);
  if (!row) return null;
  const [located] = await db.select({ n: count() }).from(locations).where(eq(locations.countryId, id));
  return { row, locationCount: Number(located?.n ?? 0) };
}

/** The chain of parents above a location (itself first), to refuse a cycle. */
export async function ancestry(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${locations} where id = ${id}
      union all
      select l.id, l.parent_id, up.depth + 1 from ${locations} l join up on l.id = up.parent_id where up.depth < 50
    )
    select id from up order by depth`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

export async function insertLocation(db: DbOrTx, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning();
  return row!;
}

export async function updateLocation(db: DbOrTx, id: string, values: Partial<typeof locations.$inferInsert>) {
  await db.update(locations).set(presentFields(values)).where(eq(locations.id, id));
}

/** Locks the location's row: a car or a booking naming it (foreign keys) waits for this transaction. */
export async function lockLocation(tx: DbOrTx, id: string) {
  const rows = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).for('update');
  return rows.length > 0;
}

/** What keeps a location: a live car offered there, any booking from or to it, a location inside it. */
export async function locationUse(tx: DbOrTx, id: string) {
  const [[car], [booking], [child]] = await readTogether(tx, [
    () =>
      tx
        .select({ id: carLocations.carId })
        .from(carLocations)
        .innerJoin(cars, and(eq(cars.id, carLocations.carId), isNull(cars.deletedAt)))
        .where(eq(carLocations.locationId, id))
        .limit(1),
    () =>
      tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(or(eq(bookings.pickupLocationId, id), eq(bookings.dropoffLocationId, id)))
        .limit(1),
    () => tx.select({ id: locations.id }).from(locations).where(eq(locations.parentId, id)).limit(1),
  ]);
  return { used: Boolean(car || booking), hasChildren: Boolean(child) };
}

export async function deleteLocation(tx: DbOrTx, id: string) {
  // Deleted cars keep no places either (their rows stay for their bookings).
  await tx.delete(carLocations).where(eq(carLocations.locationId, id));
  await tx.delete(locations).where(eq(locations.id, id));
}

export async function insertCountry(db: DbOrTx, values: typeof countries.$inferInsert) {
  const [row] = await db.insert(countries).values(values).returning();
  return row!;
}

export async function updateCountry(db: DbOrTx, id: string, values: Partial<typeof countries.$inferInsert>) {
  await db.update(countries).set(presentFields(values)).where(eq(countries.id, id));
}

export async function countryCodeTaken(db: DbOrTx, code: string, exceptId?: string) {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.code, code), exceptId ? ne(countries.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Deletes a country that no location is in (a location added meanwhile makes the foreign key refuse). */
export async function deleteCountryIfEmpty(tx: DbOrTx, id: string) {
  const rows = await tx
    .delete(countries)
    .where(and(eq(countries.id, id), sql`not exists (select 1 from ${locations} where ${locations.countryId} = ${id})`))
    .returning({ id: countries.id });
  return rows.length > 0;
}
