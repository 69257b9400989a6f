import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { auditLog, bookings, locations, users } from '#server/db/schema.ts';

const business = alias(users, 'business');
const entryColumns = { entry: auditLog, actorName: users.fullName, businessName: business.fullName };
export type EntryRow = { entry: typeof auditLog.$inferSelect; actorName: string | null; businessName: string | null };

// The only Drizzle code of the audit slice.

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, row: AuditRow) {
  await db.insert(auditLog).values(row);
}

const pickupPlace = alias(locations, 'audit_pickup_place');
const dropoffPlace = alias(locations, 'audit_dropoff_place');

/**
 * A page of entries, newest first, with who made each and the clocks and currency their values are read with
 * (contract audit.ts `AuditHistoryEntrySchema`): the car's place (its first, as its calendar), and for a booking's
 * entries its pick-up and drop-off places and its currency.
 */
async function entries(db: DbOrTx, where: SQL, page: number, size: number) {
  const carZone = sql<string | null>`(select l.time_zone from car_locations cl join locations l on l.id = cl.location_id
    where cl.car_id = ${auditLog.carId} order by l.id limit 1)`;
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({
          ...entryColumns,
          carZone,
          pickupZone: pickupPlace.timeZone,
          dropoffZone: dropoffPlace.timeZone,
          currency: bookings.currency,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(business, eq(business.id, auditLog.actorBusinessId))
        .leftJoin(bookings, and(eq(auditLog.entity, 'booking'), eq(bookings.id, auditLog.entityId)))
        .leftJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
        .leftJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size),
    () => db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
export type HistoryRow = Awaited<ReturnType<typeof entries>>['rows'][number];

/** A car's entries (the car, its images and blocks, its bookings' changes), newest first. */
export const carEntries = (db: DbOrTx, carId: string, page: number, size: number) =>
  entries(db, eq(auditLog.carId, carId), page, size);

/** A booking's entries, newest first. */
export const bookingEntries = (db: DbOrTx, bookingId: string, page: number, size: number) =>
  entries(db, and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, bookingId))!, page, size);

/** The names of places, in every language. */
export async function placeNames(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: locations.id, names: locations.names }).from(locations).where(inArray(locations.id, ids));
}

/** The full names of accounts. */
export async function accountNames(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
}

/** Entries about one entity (tests and support), oldest first. */
export async function entityEntries(db: DbOrTx, entity: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.at);
}

/** What the activity screen narrows to: a business's own trail, a person, an entity, a period. */
export type ActivityFilter = {
  /** Changes made by the business's people or to its fleet and profile; undefined: every business (the platform). */
  businessId?: string | undefined;
  actorId?: string | undefined;
  entity?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export async function activityEntries(db: DbOrTx, filter: ActivityFilter, page: number, size: number) {
  const conditions: (SQL | undefined)[] = [
    filter.businessId
      ? or(eq(auditLog.actorBusinessId, filter.businessId), eq(auditLog.supplierId, filter.businessId))
      : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select(entryColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .leftJoin(business, eq(business.id, auditLog.actorBusinessId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size),
    () => db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
