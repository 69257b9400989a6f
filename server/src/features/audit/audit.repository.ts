import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';

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
      .select({ entry: auditLog, actorName: users.fullName, actorType: users.type })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
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
