import { and, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { setupTokens } from '#server/db/schema.ts';

// The only Drizzle code of the set-up slice.

export async function insertSetupToken(db: DbOrTx, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(setupTokens).values({ tokenHash, expiresAt });
}

/** Whether the link may still be used: unused and not expired. */
export async function findOpenSetupToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(
      and(sql`${setupTokens.tokenHash} = ${tokenHash}`, isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

/** Uses the link once: true only for the caller that marked it used. */
export async function useSetupToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(setupTokens)
    .set({ usedAt: now })
    .where(
      and(sql`${setupTokens.tokenHash} = ${tokenHash}`, isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)),
    )
    .returning({ tokenHash: setupTokens.tokenHash });
  return rows.length === 1;
}

/** Serialises the creation of the first admin between requests and server processes (transaction-scoped). */
export async function lockFirstAdmin(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roam:first-admin'))`);
}
