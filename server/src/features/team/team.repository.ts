import type { OperatorRole } from '@roam/contract/team';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  carLocations,
  cars,
  locations,
  memberships,
  sessions,
  teamPolicies,
  twoFactors,
  users,
} from '#server/db/schema.ts';

// The only Drizzle code of the team slice: memberships, team policies, sessions as a person lists them.

export type MembershipRow = typeof memberships.$inferSelect;

/** The key of a team's policy row: its business id, or 'platform'. */
export const teamKey = (businessId: string | null) => businessId ?? 'platform';

export async function findMembership(db: DbOrTx, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  return row;
}

/** The membership, locked for a change: two owners changing one member at once change it one after the other. */
export async function lockMembership(db: DbOrTx, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId)).for('update');
  return row;
}

export async function insertMembership(db: DbOrTx, row: typeof memberships.$inferInsert) {
  await db.insert(memberships).values(row);
}

export async function updateMembership(
  db: DbOrTx,
  userId: string,
  values: Partial<Pick<MembershipRow, 'role' | 'branchIds' | 'status'>>,
) {
  await db.update(memberships).set(values).where(eq(memberships.userId, userId));
}

export async function deleteMembership(db: DbOrTx, userId: string) {
  await db.delete(memberships).where(eq(memberships.userId, userId));
}

const memberColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  type: users.type,
  verifiedAt: users.verifiedAt,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
  twoFactor: sql<boolean>`${twoFactors.enabledAt} is not null`,
  role: memberships.role,
  branchIds: memberships.branchIds,
  status: memberships.status,
  invitedAt: memberships.invitedAt,
};
export type MemberRecord = {
  id: string;
  fullName: string;
  email: string;
  type: 'admin' | 'supplier' | 'user';
  verifiedAt: Date | null;
  hasPassword: boolean;
  createdAt: Date;
  twoFactor: boolean;
  role: OperatorRole | null;
  branchIds: string[] | null;
  status: 'invited' | 'active' | 'suspended' | null;
  invitedAt: Date | null;
};

/**
 * A team's people: the business's own account (its founding owner) and its members; for the platform, the admin
 * accounts that are no member (the first admins) and the platform's members. Founders first, then by name.
 */
export async function teamMembers(db: DbOrTx, businessId: string | null): Promise<MemberRecord[]> {
  // An admin account whose membership names a business is the house business's owner (docs/decisions/0013-…): of the
  // platform, a founder; of the house business, its owner in place of the business's own account (no password).
  const founders =
    businessId === null
      ? and(eq(users.type, 'admin'), or(isNull(memberships.userId), isNotNull(memberships.businessId)))
      : and(eq(users.id, businessId), eq(users.type, 'supplier'), sql`not exists (${houseOwnerOf(businessId)})`);
  const members =
    businessId === null
      ? and(isNull(memberships.businessId), sql`${memberships.userId} is not null`)
      : eq(memberships.businessId, businessId);
  return db
    .select(memberColumns)
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(and(isNull(users.deletedAt), or(founders, members)))
    .orderBy(sql`${memberships.userId} is not null`, asc(sql`lower(${users.fullName})`), asc(users.id));
}

/** The house business's owner: the admin account whose membership names `businessId` (decision 0013). */
const houseOwnerOf = (businessId: string) =>
  sql`select 1 from ${memberships} house_membership join ${users} house_owner on house_owner.id = house_membership.user_id
    where house_membership.business_id = ${businessId} and house_owner.type = 'admin'`;

/** The account is an admin's: its membership of a business is the house business's ownership, no member's. */
export async function isAdminAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ type: users.type }).from(users).where(eq(users.id, userId));
  return row?.type === 'admin';
}

/** The business's account: a supplier not deleted. */
export async function findBusiness(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(eq(users.id, businessId), eq(users.type, 'supplier'), isNull(users.deletedAt), isNull(memberships.userId)),
    );
  return row;
}

/** How many of `ids` are locations: a member's branches must all be. */
/**
 * A business's places: where its cars (those not deleted) are picked up — the only places its bookings start at, so
 * the only branches a member of it can work at.
 */
export async function businessPlaces(db: DbOrTx, businessId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: carLocations.locationId })
    .from(carLocations)
    .innerJoin(cars, eq(cars.id, carLocations.carId))
    .where(and(eq(cars.supplierId, businessId), isNull(cars.deletedAt)));
  return rows.map((row) => row.id);
}

/** The English names of the locations among `ids` (an API refusal names them), by id. */
export async function locationNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, names: locations.names })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((row) => [row.id, row.names.en ?? Object.values(row.names)[0] ?? row.id]));
}

export async function teamPolicy(db: DbOrTx, businessId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoFactor: teamPolicies.requireTwoFactor })
    .from(teamPolicies)
    .where(eq(teamPolicies.team, teamKey(businessId)));
  return row?.requireTwoFactor ?? false;
}

export async function setTeamPolicy(db: DbOrTx, businessId: string | null, requireTwoFactor: boolean) {
  await db
    .insert(teamPolicies)
    .values({ team: teamKey(businessId), requireTwoFactor })
    .onConflictDoUpdate({ target: teamPolicies.team, set: { requireTwoFactor, updatedAt: sql`now()` } });
}

/** A person's live sessions, the last used first. */
export async function liveSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      persistent: sessions.persistent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one session of `userId` (never another person's, whatever the id); how many ended. */
export async function deleteSession(db: DbOrTx, userId: string, sessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of `userId` but `keepId` (the caller's own, when they end "all the others"). */
export async function deleteSessions(db: DbOrTx, userId: string, keepId?: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined));
}
