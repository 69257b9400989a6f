import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import type { RoutePolicy } from '#server/plugins/route-auth.ts';
import { ownershipFixtures, type SignedInFixture } from '#test/ownership-fixtures.ts';
import { createSecurityApp, type SecurityApp } from '#test/security-app.ts';
import { adminRows } from './ownership-admin-rows.ts';
import { catalogueRows } from './ownership-catalogue-rows.ts';
import { OPERATOR, type Row } from './ownership-matrix.ts';
import { operatorRows } from './ownership-operator-rows.ts';
import { expectedFor, mayCall, nameOf, policyOf, type RoleCaller, roleCallers } from './role-matrix.ts';

// The role matrix (docs/decisions/0010-members-of-a-business.md): every operator and admin call × every role of the
// contract's table × a member of the business it names, of another, or of the platform → the status the route's
// declared permission and the ownership matrix define. Two parts: every registered route, called with nothing valid,
// shows what route auth alone decides (refused: 403; allowed: anything but 401/403, the handler's own answer); the
// ownership rows, called for real on Azur Coast's records, show who reaches which business's records.

let suiteDb: SecurityApp['db'] | undefined;

/** The team's own calls on Azur Coast's counter agent: its owner and the platform's admin reach them. */
const TEAM_ROWS: Row[] = [
  {
    call: 'GET /api/member-sessions/{id}',
    expected: OPERATOR,
    request: () => ({ method: 'GET', url: `/api/member-sessions/${DEMO_ACCOUNTS.counter.id}` }),
  },
  {
    call: 'PUT /api/update-member/{id}',
    expected: OPERATOR,
    request: () => ({
      method: 'PUT',
      url: `/api/update-member/${DEMO_ACCOUNTS.counter.id}`,
      payload: { branchIds: [] },
    }),
  },
  {
    call: 'POST /api/update-booking-status',
    expected: OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/update-booking-status',
      payload: { ids: [f.bookingId], status: 'reserved' },
    }),
  },
];

const ROWS: Row[] = [
  ...operatorRows(() => suiteDb!),
  ...catalogueRows(() => suiteDb!),
  ...adminRows(() => suiteDb!),
  ...TEAM_ROWS,
];

/**
 * Calls open to every signed-in account whose handler checks the platform's permission itself: suspending an account
 * through the profile call is the admin's (`platform`), never a support agent's.
 */
const CHECKED_IN_HANDLER: Record<string, Pick<RoutePolicy, 'auth' | 'permission'>> = {
  'POST /api/update-user (blacklisted)': { auth: 'admin', permission: 'platform' },
};

/**
 * A path with its parameters filled: pages and sizes 1; a supplier's id the caller's business (a platform member's:
 * Azur Coast), since naming another business is the handler's refusal (403), not route auth's; other ids a uuid nobody
 * has.
 */
const filled = (url: string, caller: RoleCaller) =>
  url.replace(/:(\w+)/g, (_all, name: string) => {
    if (name === 'page' || name === 'size') return '1';
    // The calls whose id is a business's: a supplier's profile, logo, invitation; its counter settings.
    if (!/supplier|counter-settings\/:/.test(url)) return randomUUID();
    return caller.team === 'other' ? DEMO_IDS.suppliers.kestrel : DEMO_IDS.suppliers.azurCoast;
  });

describe('security: role matrix', () => {
  let t: SecurityApp;
  let callers: RoleCaller[];
  let fixtures: (n: number) => Promise<SignedInFixture[]>;
  let policies: RoutePolicy[];

  beforeAll(async () => {
    t = await createSecurityApp();
    suiteDb = t.db;
    fixtures = ownershipFixtures(t);
    callers = await roleCallers(t.db);
    policies = t.app.routePolicies.filter((policy) => policy.auth === 'operator' || policy.auth === 'admin');
  });
  afterAll(() => t.close());

  // Some 600 calls: seconds alone, a minute or more beside the whole suite on 2 cores.
  it('every operator and admin route: route auth refuses exactly the roles the contract table refuses', {
    timeout: 300_000,
  }, async () => {
    expect(policies.length).toBeGreaterThan(50);
    const got: Record<string, number | 'passes'> = {};
    const want: Record<string, number | 'passes'> = {};
    for (const policy of policies) {
      for (const [i, caller] of callers.entries()) {
        const key = `${policy.method} ${policy.url} as ${nameOf(caller)}`;
        const res = await t.inject({
          method: policy.method as 'GET',
          url: filled(policy.url, caller),
          headers: await t.as({ id: caller.id }),
          // A client of its own: no per-address limit of one call spills onto the next caller.
          remoteAddress: `10.38.1.${i}`,
          ...(policy.method === 'GET' || policy.method === 'DELETE' ? {} : { payload: {} }),
        });
        got[key] = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'passes';
        want[key] = mayCall(policy, caller.role) ? 'passes' : 403;
        if (res.statusCode >= 400) expect(res.json(), key).toMatchObject({ code: expect.any(String) });
      }
    }
    expect(got).toEqual(want);
  });

  it('the rows cover the console: fleet, prices, profile, bookings, the counter, money, members, the platform', () => {
    const covered = new Set(ROWS.map((row) => policyOf(policies, row.call)?.permission));
    for (const permission of ['fleet.read', 'fleet.write', 'business.write', 'bookings.write', 'walkIn', 'money.read'])
      expect(covered, permission).toContain(permission);
    expect(covered).toContain('members');
    expect(covered).toContain('platform');
  });

  // The roles in words, pinned on the routes that show them: a change of a route's declared permission that
  // would let a counter agent edit prices or read the statements fails here, not only in review.
  it("declares the permissions the roles' definitions rest on", () => {
    const declared = (call: string) => policyOf(policies, call)?.permission;
    expect({
      prices: declared('PUT /api/update-car'),
      statements: declared('GET /api/statement'),
      statementExport: declared('GET /api/statement-export'),
      bookingsExport: declared('GET /api/export-bookings'),
      profile: declared('PUT /api/update-supplier'),
      members: declared('POST /api/invite-member'),
      walkIn: declared('POST /api/walk-in'),
      activity: declared('POST /api/activity/{page}/{size}'),
      rules: declared('PUT /api/update-booking-rules'),
      resetTwoFactor: declared('POST /api/reset-two-factor/{id}'),
    }).toEqual({
      prices: 'fleet.write',
      statements: 'money.read',
      statementExport: 'money.read',
      bookingsExport: 'money.read',
      profile: 'business.write',
      members: 'members',
      walkIn: 'walkIn',
      activity: 'activity',
      rules: 'platform',
      resetTwoFactor: 'platform',
    });
  });

  // One test per row, each caller with records of its own (a success may use its record up).
  it.each(ROWS.map((row) => [row.call, row] as const))(
    '%s answers each role of each team as the table and the ownership matrix define',
    async (call, row) => {
      const policy = CHECKED_IN_HANDLER[call] ?? policyOf(policies, call);
      if (!policy) return expect.fail(`${call}: no operator or admin route of that name`);
      const made = await fixtures(callers.length);
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [i, caller] of callers.entries()) {
        const request = await row.request(made[i]!);
        const res = await t.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string>), ...(await t.as({ id: caller.id })) },
          remoteAddress: `10.38.2.${i}`,
        });
        got[nameOf(caller)] = res.statusCode;
        want[nameOf(caller)] = expectedFor(policy, row.expected, caller);
      }
      expect(got).toEqual(want);
    },
  );
});
