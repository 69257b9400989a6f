import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { recoveryCodes, twoFactors } from '#server/db/schema.ts';

// The only Drizzle code of two-step sign-in: the TOTP secret and the recovery codes.

export type TwoFactorRow = typeof twoFactors.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return row;
}

/** A new enrolment: a new secret and a new id (remembered browsers of an earlier one no longer count). */
export async function startEnrolment(db: DbOrTx, userId: string, secret: string) {
  await db
    .insert(twoFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: { secret, id: sql`gen_random_uuid()`, enabledAt: null, lastStep: null, createdAt: sql`now()` },
    });
}

export async function enable(db: DbOrTx, userId: string, step: number) {
  await db.update(twoFactors).set({ enabledAt: sql`now()`, lastStep: step }).where(eq(twoFactors.userId, userId));
}

/**
 * Marks `step` used, only if no later or equal step was: two sign-ins with one code at once accept one (the row's
 * update is atomic), and a code is never accepted twice.
 */
export async function useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ lastStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastStep), lt(twoFactors.lastStep, step))))
    .returning({ userId: twoFactors.userId });
  return rows.length === 1;
}

export async function removeTwoFactor(db: DbOrTx, userId: string) {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code: true once, false for an unknown or used one (atomic: two uses at once, one succeeds). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
