import type { AuditPage } from '@roam/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The audit trail names the person: a member's change is theirs — their name, their role then,
// the business they acted for — in the car's history and on the activity screen, which an owner reads for their
// business only, by person, entity and period, and the admin for all.

describe('the audit trail names the person', () => {
  let t: TestApp;
  let manager: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    manager = await signIn(t.db, DEMO_ACCOUNTS.manager.id);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car',
      headers: manager,
      payload: { _id: DEMO_IDS.cars.clio, dailyPrice: 4321 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
  afterAll(() => t.close());

  const activity = (headers: { cookie: string }, query: object) =>
    t.app.inject({ method: 'POST', url: '/api/activity/1/20', headers, payload: query });

  it("the car's history shows the manager by name, role and business", async () => {
    const owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/car-audit/${DEMO_IDS.cars.clio}/1/5`, headers: owner });
    const [latest] = (res.json() as AuditPage).results;
    expect(latest).toMatchObject({
      action: 'update',
      actor: {
        _id: DEMO_ACCOUNTS.manager.id,
        fullName: DEMO_ACCOUNTS.manager.fullName,
        role: 'manager',
        business: { _id: DEMO_IDS.users.supplier, name: DEMO_ACCOUNTS.supplier.fullName },
      },
    });
    expect(latest!.changes).toHaveProperty('dailyPrice');
  });

  it('the activity screen: the owner filters by person, entity and period; another business sees none of it', async () => {
    const owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const today = new Date().toISOString().slice(0, 10);
    const mine = (
      await activity(owner, { actorId: DEMO_ACCOUNTS.manager.id, entity: 'car', from: today, to: today })
    ).json() as AuditPage;
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.results.every((entry) => entry.actor?._id === DEMO_ACCOUNTS.manager.id)).toBe(true);
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const before = (await activity(owner, { actorId: DEMO_ACCOUNTS.manager.id, to: yesterday })).json() as AuditPage;
    expect(before.totalCount).toBe(0);
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    const theirs = (await activity(kestrel, { actorId: DEMO_ACCOUNTS.manager.id })).json() as AuditPage;
    expect(theirs.totalCount).toBe(0);
    const named = await activity(kestrel, { businessId: DEMO_IDS.users.supplier });
    expect(named.statusCode).toBe(403);
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const all = (await activity(admin, { actorId: DEMO_ACCOUNTS.manager.id })).json() as AuditPage;
    expect(all.totalCount).toBe(mine.totalCount);
    // A manager has no activity screen: it is the owner's and the admin's.
    expect((await activity(manager, {})).statusCode).toBe(403);
  });
});
