import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';

const business = alias(users, 'business');
const entryColumns = { entry: auditLog, actorName: users.fullName, businessName: business.fullName };
export type EntryRow = { entry: typeof auditLog.$inferSelect; actorName: string | null; businessName: string | null };

// The only Drizzle code of the audit slice.

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, row: AuditRow) {
  await db.insert(auditLog).values(row);
}

/** A car's entries (the car, its images and blocks), newest first, with who made each. */
export async function carEntries(db: DbOrTx, carId: string, page: number, size: number) {
  const where = eq(auditLog.carId, carId);
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(business, eq(business.id, auditLog.actorBusinessId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** Entries about one entity (tests and support), oldest first. */
export async function entityEntries(db: DbOrTx, entity: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.at);
}

/** What the activity screen narrows to (issue #38): a business's own trail, a person, an entity, a period. */
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
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(business, eq(business.id, auditLog.actorBusinessId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
