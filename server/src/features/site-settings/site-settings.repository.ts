import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { siteSettings, users } from '#server/db/schema.ts';

// The site settings the admin set in the console: the only Drizzle code that reads or writes them.

export async function allSiteOverrides(db: DbOrTx) {
  return db
    .select({
      key: siteSettings.key,
      value: siteSettings.value,
      updatedAt: siteSettings.updatedAt,
      updatedBy: users.fullName,
    })
    .from(siteSettings)
    .leftJoin(users, eq(users.id, siteSettings.updatedBy))
    .orderBy(desc(siteSettings.updatedAt));
}

export async function setSiteOverrides(db: DbOrTx, values: { key: string; value: string }[], by: string, at: Date) {
  if (values.length === 0) return;
  await db
    .insert(siteSettings)
    .values(values.map(({ key, value }) => ({ key, value, updatedAt: at, updatedBy: by })))
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: at, updatedBy: by },
    });
}

export async function clearSiteOverrides(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(siteSettings).where(inArray(siteSettings.key, keys));
}
