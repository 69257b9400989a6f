import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { runTimeSettings, users } from '#server/db/schema.ts';

// The admin's run-time booking rules: the only Drizzle code that reads or writes them.

export async function allOverrides(db: DbOrTx) {
  return db
    .select({
      key: runTimeSettings.key,
      value: runTimeSettings.value,
      updatedAt: runTimeSettings.updatedAt,
      updatedBy: users.fullName,
    })
    .from(runTimeSettings)
    .leftJoin(users, eq(users.id, runTimeSettings.updatedBy))
    .orderBy(desc(runTimeSettings.updatedAt));
}

export async function setOverrides(db: DbOrTx, values: { key: string; value: number }[], by: string, at: Date) {
  if (values.length === 0) return;
  await db
    .insert(runTimeSettings)
    .values(values.map(({ key, value }) => ({ key, value, updatedAt: at, updatedBy: by })))
    .onConflictDoUpdate({
      target: runTimeSettings.key,
      set: { value: sql`excluded.value`, updatedAt: at, updatedBy: by },
    });
}

export async function clearOverrides(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(runTimeSettings).where(inArray(runTimeSettings.key, keys));
}
