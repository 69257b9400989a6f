import { defaultRoleOf, type OperatorRole } from '@roam/contract/team';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { memberships, sessions, teamPolicies, twoFactors, users } from '#server/db/schema.ts';

// Who a session is, resolved once per request (docs/decisions/0010-members-of-a-business.md): the account,
// and — for an operator — the business they act for, their role and branches, and whether their team asks a second
// factor they have not enrolled yet. One query: the session, its account, its membership, its 2FA and its team's rule.

export type SessionUser = typeof users.$inferSelect & {
  /** The session's public id (the session list). */
  sessionId: string;
  /** The operator's role; null for a driver. */
  role: OperatorRole | null;
  /** The business (a supplier account's id) the person works for; null for the platform and for drivers. */
  businessId: string | null;
  /** The locations they are limited to; empty: all of the business's. */
  branchIds: string[];
  twoFactorEnabled: boolean;
  /** Their team asks a second factor: until they enrol, route auth lets them do nothing else. */
  twoFactorRequired: boolean;
};

/** Writing a session's last use more often than this would write on most requests. */
const LAST_USE_EVERY_MS = 5 * 60_000;

/**
 * The team whose policy applies: an admin account's is the platform's (its membership of a business, if any, is the
 * house business's ownership: docs/decisions/0013-the-owner-runs-their-own-business.md); a supplier account's, its
 * membership's business, else its own.
 */
const teamKey = sql`case ${users.type} when 'admin' then 'platform' when 'supplier' then coalesce(${memberships.businessId}::text, ${users.id}::text) end`;

/** The session's statement, built once per database (Drizzle's prepared query): every signed-in request runs it. */
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

function sessionQuery(db: Db) {
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      // The role first: Drizzle nulls a left-joined object when its FIRST column is null, and a platform member's
      // business is null.
      membership: {
        role: memberships.role,
        businessId: memberships.businessId,
        branchIds: memberships.branchIds,
        status: memberships.status,
      },
      twoFactorEnabledAt: twoFactors.enabledAt,
      requireTwoFactor: teamPolicies.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .leftJoin(teamPolicies, eq(teamPolicies.team, teamKey))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}

export async function loadSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: SessionUser; stale: boolean } | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now });
  if (!row) return null;
  return {
    user: sessionUserOf(
      row.user,
      row.membership,
      row.twoFactorEnabledAt !== null,
      row.requireTwoFactor === true,
      row.sessionId,
    ),
    stale: now.getTime() - row.lastUsedAt.getTime() > LAST_USE_EVERY_MS,
  };
}

type MembershipFields = {
  businessId: string | null;
  role: OperatorRole | null;
  branchIds: string[] | null;
  status: 'invited' | 'active' | 'suspended' | null;
} | null;

/**
 * An account and its membership as the rest of the server sees it. Without a membership a supplier account is its
 * own business's owner and an admin account the platform's admin (contract team.ts `defaultRoleOf`), the house
 * business's owner included. A suspended
 * membership is a suspended account: every call answers ACCOUNT_SUSPENDED.
 */
export function sessionUserOf(
  user: typeof users.$inferSelect,
  membership: MembershipFields,
  twoFactorEnabled: boolean,
  teamRequiresTwoFactor: boolean,
  sessionId = '',
): SessionUser {
  // An admin account's membership of a business makes it the house business's owner (decision 0013): the admin
  // keeps the platform's role and reach, which already covers that business.
  const house = user.type === 'admin' && membership?.businessId != null;
  const member = membership?.role && !house ? membership : null;
  const role = member ? member.role : defaultRoleOf(user.type);
  return {
    ...user,
    blacklisted: user.blacklisted || member?.status === 'suspended',
    sessionId,
    role,
    businessId: member ? member.businessId : user.type === 'supplier' ? user.id : null,
    branchIds: member?.branchIds ?? [],
    twoFactorEnabled,
    twoFactorRequired: role !== null && teamRequiresTwoFactor,
  };
}

/** Who acts, as the services see them: the account, and the team it acts for. */
export type Operator = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;

/** A member of the platform (an admin or a support agent): acts on every business. */
export const isPlatform = (user: Pick<SessionUser, 'role' | 'businessId'>): boolean =>
  user.role !== null && user.businessId === null;

/** The operator acts for the business of `supplierId`: a member of it, or of the platform. */
export const operates = (user: Pick<SessionUser, 'role' | 'businessId'>, supplierId: string): boolean =>
  user.role !== null && (user.businessId === null || user.businessId === supplierId);

/** An account loaded outside a session (a manage link's driver, a walk-in's customer) as the services take it. */
export const accountAsSessionUser = (user: typeof users.$inferSelect): SessionUser =>
  sessionUserOf(user, null, false, false);
