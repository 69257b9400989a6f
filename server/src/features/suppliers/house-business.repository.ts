import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { memberships, users } from '#server/db/schema.ts';

// The house business's Drizzle code (docs/decisions/0013-the-owner-runs-their-own-business.md): a supplier account
// whose owner, by its membership row, is an admin account.

const business = alias(users, 'house_business');
const owner = alias(users, 'house_owner');

/** The house business, with its owner's address (where its e-mails go); a deleted one does not count. */
export async function findHouseBusiness(db: DbOrTx) {
  const [row] = await db
    .select({ _id: business.id, fullName: business.fullName, email: owner.email })
    .from(memberships)
    .innerJoin(owner, eq(owner.id, memberships.userId))
    .innerJoin(business, eq(business.id, memberships.businessId))
    .where(and(eq(owner.type, 'admin'), isNotNull(memberships.businessId), isNull(business.deletedAt)))
    .limit(1);
  return row;
}

/** Two admins creating it at once create it once: the second waits, then finds the first's. */
export async function lockHouseBusiness(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roam:house-business'))`);
}

export async function membershipOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  return row;
}

/** The business's account: a supplier, verified by the admin who makes it, with no password (no one signs in as it). */
export async function insertHouseBusiness(
  tx: DbOrTx,
  values: { fullName: string; email: string; language: string; ownerId: string },
) {
  // A membership left by a deleted house business gives way to the new one (a person has one membership).
  await tx.delete(memberships).where(eq(memberships.userId, values.ownerId));
  const [row] = await tx
    .insert(users)
    .values({
      type: 'supplier',
      fullName: values.fullName,
      email: values.email,
      language: values.language,
      passwordHash: null,
      verified: true,
      verifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const id = row!.id;
  await tx.insert(memberships).values({
    userId: values.ownerId,
    businessId: id,
    role: 'owner',
    status: 'active',
    invitedBy: values.ownerId,
  });
  return id;
}
