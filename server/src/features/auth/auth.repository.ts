import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { oneTimeTokens, users } from '#server/db/schema.ts';
import { presentFields } from '#server/lib/present-fields.ts';

// The only Drizzle code of the auth slice (docs/house-style.md "Server slice").

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.type, 'admin'));
  return row?.n ?? 0;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Changes the fields `values` carries, and only those. */
export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUserRow>): Promise<void> {
  await db
    .update(users)
    .set({ ...presentFields(values), updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertToken(
  db: DbOrTx,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/** A never-used token of the user with this hash, of any purpose unless one is given (expired ones too). */
export async function findUnusedToken(db: DbOrTx, userId: string, tokenHash: string, purpose?: TokenPurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.usedAt),
        purpose ? eq(oneTimeTokens.purpose, purpose) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Marks a token used, once: false when someone used it first (two tabs, a replay). */
export async function consumeToken(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

export async function deleteTokens(db: DbOrTx, userId: string, purpose?: TokenPurpose): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), purpose ? eq(oneTimeTokens.purpose, purpose) : undefined));
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
