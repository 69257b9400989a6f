import { isPlatformRole, type OperatorRole, roleMay } from '@roam/contract/team';
import type { Db } from '#server/db/client.ts';
import { memberships, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import type { RoutePolicy } from '#server/plugins/route-auth.ts';
import type { Expected } from './ownership-matrix.ts';

// The role matrix's callers and expectations (docs/decisions/0010-members-of-a-business.md): every role of the
// contract's table, as a member of the business whose records a call names (own), of another business (other), or of
// the platform. What each may do is read from the route's declared permission and the contract's ROLE_PERMISSIONS,
// never restated here; which records they reach, from the ownership matrix's rows.

export type Team = 'own' | 'other' | 'platform';
export type RoleCaller = { role: OperatorRole; team: Team; id: string };

/** The caller's name in a failure: "counter@own". */
export const nameOf = (caller: Pick<RoleCaller, 'role' | 'team'>) => `${caller.role}@${caller.team}`;

/** The route auth's answer alone: may this role make a call of this policy at all? */
export function mayCall(policy: Pick<RoutePolicy, 'auth' | 'permission'>, role: OperatorRole): boolean {
  if (policy.auth !== 'operator' && policy.auth !== 'admin') return true;
  if (policy.auth === 'admin' && !isPlatformRole(role)) return false;
  return policy.permission === null || roleMay(role, policy.permission);
}

/**
 * The status a caller gets for an ownership row: refused by its role, 403; else what the ownership matrix defines for
 * the business's own supplier (own), another supplier (other), or the admin (the platform reaches every business).
 */
export function expectedFor(
  policy: Pick<RoutePolicy, 'auth' | 'permission'>,
  row: Expected,
  caller: RoleCaller,
): number {
  if (!mayCall(policy, caller.role)) return 403;
  if (caller.team === 'platform') return row.admin;
  return caller.team === 'own' ? row.operatingSupplier : row.otherSupplier;
}

/** A row's call ("POST /api/cars/{page}/{size} (note)") as the route policies name it ("/api/cars/:page/:size"). */
export function policyOf(policies: RoutePolicy[], call: string): RoutePolicy | undefined {
  const [method, path] = call.split(' (')[0]!.split(' ') as [string, string];
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  return policies.find((policy) => policy.method === method && policy.url === url);
}

/**
 * One account of every business role in Azur Coast (own: the Clio's business) and in Kestrel (other), and the
 * platform's admin and support agent. The founders are the businesses' own accounts; the seed has Azur Coast's
 * team and the support agent; Kestrel's members are made here.
 */
export async function roleCallers(db: Db): Promise<RoleCaller[]> {
  const azur = DEMO_IDS.suppliers.azurCoast;
  const kestrel = DEMO_IDS.suppliers.kestrel;
  const made = await db
    .insert(users)
    .values(
      (['manager@other', 'counter@other', 'accountant@other'] as const).map((name) => ({
        type: 'supplier' as const,
        email: `${name.replace('@', '.')}@matrix.example`,
        fullName: name,
        verified: true,
      })),
    )
    .returning({ id: users.id, fullName: users.fullName });
  const idOf = (name: string) => made.find((row) => row.fullName === name)!.id;
  await db.insert(memberships).values(
    made.map((row) => {
      const [role] = row.fullName.split('@') as ['manager' | 'counter' | 'accountant'];
      return { userId: row.id, businessId: kestrel, role, status: 'active' as const };
    }),
  );
  return [
    { role: 'owner', team: 'own', id: azur },
    { role: 'manager', team: 'own', id: DEMO_ACCOUNTS.manager.id },
    { role: 'counter', team: 'own', id: DEMO_ACCOUNTS.counter.id },
    { role: 'accountant', team: 'own', id: DEMO_ACCOUNTS.accountant.id },
    { role: 'owner', team: 'other', id: kestrel },
    { role: 'manager', team: 'other', id: idOf('manager@other') },
    { role: 'counter', team: 'other', id: idOf('counter@other') },
    { role: 'accountant', team: 'other', id: idOf('accountant@other') },
    { role: 'admin', team: 'platform', id: DEMO_ACCOUNTS.admin.id },
    { role: 'support', team: 'platform', id: DEMO_ACCOUNTS.support.id },
  ];
}
