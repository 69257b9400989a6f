import type { Member, Team } from '@roam/contract/team';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, carLocations, cars, locations, memberships, sessions, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An owner invites people by e-mail (a one-time link, real SMTP), changes their role and
// branches, suspends and removes them — each change audited with the person who made it, a suspension or removal
// ending the member's sessions at once. A person belongs to one team; a business's own account stays its owner.

describe('team: members of a business', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let owner: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.test>' });
    owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (payload: object, headers: { cookie: string } = owner) =>
    t.app.inject({ method: 'POST', url: '/api/invite-member', headers, payload });
  const update = (id: string, payload: object, headers: { cookie: string } = owner) =>
    t.app.inject({ method: 'PUT', url: `/api/update-member/${id}`, headers, payload });

  /** Accepts the invitation e-mailed to `email` with a password; the new member's session headers. */
  async function accept(email: string, password: string) {
    await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    const link = new URL(smtp.textOf(mail).match(/https?:\/\/\S+\/activate\?\S+/)![0]);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const cookie = activated.cookies.find((c) => c.name === 'roam_session')!;
    return { text: smtp.textOf(mail), headers: { cookie: `roam_session=${cookie.value}` } };
  }

  it('invites a counter agent who joins with their own password and works on the business', async () => {
    const res = await invite({ email: 'lea@azur.example', fullName: 'Léa Garnier', language: 'fr', role: 'counter' });
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json() as Member;
    expect(member).toMatchObject({ role: 'counter', status: 'invited', founder: false, joinedAt: null });
    const { text, headers } = await accept('lea@azur.example', 'Counter-2026!');
    expect(text).toContain('Azur Coast Rentals');
    expect(text).toContain('Choisir mon mot de passe');
    const access = await t.app.inject({ method: 'GET', url: '/api/my-access', headers });
    expect(access.json()).toMatchObject({
      role: 'counter',
      businessId: DEMO_IDS.users.supplier,
      permissions: ['dashboard', 'bookings.read', 'counter', 'walkIn', 'fleet.read'],
    });
    // The business's bookings, not the fleet editor nor the money.
    const list = await t.app.inject({ method: 'POST', url: '/api/bookings/1/5', headers, payload: { statuses: [] } });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBeGreaterThan(0);
    for (const call of [
      { method: 'PUT' as const, url: '/api/update-car', payload: { _id: DEMO_IDS.cars.clio, dailyPrice: 1 } },
      { method: 'GET' as const, url: '/api/export-bookings?from=2026-01-01&to=2026-02-01' },
      { method: 'GET' as const, url: '/api/team' },
    ])
      expect((await t.app.inject({ ...call, headers })).statusCode, call.url).toBe(403);
    const team = (await t.app.inject({ method: 'GET', url: '/api/team', headers: owner })).json() as Team;
    expect(team.members.find((m) => m._id === member._id)).toMatchObject({
      status: 'active',
      joinedAt: expect.any(String),
    });
    expect(team.members[0]).toMatchObject({ _id: DEMO_IDS.users.supplier, role: 'owner', founder: true });
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, member._id));
    expect(trail).toMatchObject({
      entity: 'member',
      action: 'invite',
      actorId: DEMO_ACCOUNTS.supplier.id,
      actorRole: 'owner',
      actorBusinessId: DEMO_IDS.users.supplier,
    });
  });

  it("a person belongs to one team; roles must be the team's; branches must be locations", async () => {
    const taken = await invite({ email: DEMO_ACCOUNTS.manager.email, fullName: 'Twice', role: 'manager' });
    expect(taken.statusCode).toBe(409);
    const platformRole = await invite({ email: 'x1@azur.example', fullName: 'X', role: 'admin' });
    expect(platformRole.statusCode).toBe(400);
    expect(platformRole.json().fieldErrors).toHaveProperty('role');
    const noPlace = await invite({
      email: 'x2@azur.example',
      fullName: 'X',
      role: 'counter',
      branchIds: [DEMO_IDS.cars.clio],
    });
    expect(noPlace.json().fieldErrors).toHaveProperty('branchIds');
    const otherBusiness = await invite({
      email: 'x3@azur.example',
      fullName: 'X',
      role: 'counter',
      businessId: DEMO_IDS.suppliers.kestrel,
    });
    expect(otherBusiness.statusCode).toBe(403);
    const byManager = await invite(
      { email: 'x4@azur.example', fullName: 'X', role: 'counter' },
      await signIn(t.db, DEMO_ACCOUNTS.manager.id),
    );
    expect(byManager.statusCode).toBe(403);
  });

  it('changes a role and suspends a member: their open session ends at once; the founder stays owner', async () => {
    const memberHeaders = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const promoted = await update(DEMO_ACCOUNTS.counter.id, { role: 'manager' });
    expect(promoted.json()).toMatchObject({ role: 'manager' });
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2026-01-01&to=2026-02-01&language=en',
      headers: memberHeaders,
    });
    expect(dashboard.statusCode).toBe(200);
    const suspended = await update(DEMO_ACCOUNTS.counter.id, { status: 'suspended', role: 'counter' });
    expect(suspended.json()).toMatchObject({ status: 'suspended', role: 'counter' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, DEMO_ACCOUNTS.counter.id))).toEqual([]);
    const after = await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: memberHeaders });
    expect(after.statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: DEMO_ACCOUNTS.counter.email, password: DEMO_ACCOUNTS.counter.password },
    });
    expect(signInAgain.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect((await update(DEMO_ACCOUNTS.counter.id, { status: 'active' })).json()).toMatchObject({ status: 'active' });
    expect((await update(DEMO_IDS.users.supplier, { role: 'counter' })).statusCode).toBe(409);
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    expect((await update(DEMO_ACCOUNTS.counter.id, { role: 'owner' }, kestrel)).statusCode).toBe(404);
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, DEMO_ACCOUNTS.counter.id), eq(auditLog.action, 'update')));
    expect(changes.map((row) => row.changes)).toContainEqual({
      role: { before: 'manager', after: 'counter' },
      status: { before: 'active', after: 'suspended' },
    });
  });

  it('a member limited to a branch sees and acts on the bookings picked up or returned there only', async () => {
    const [azurBooking] = await t.db
      .select({ id: bookings.id, pickup: bookings.pickupLocationId, dropoff: bookings.dropoffLocationId })
      .from(bookings)
      .where(and(eq(bookings.supplierId, DEMO_IDS.users.supplier), eq(bookings.kind, 'rental')))
      .limit(1);
    const branch = azurBooking!.pickup;
    await update(DEMO_ACCOUNTS.counter.id, { branchIds: [branch] });
    const headers = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/1/100',
      headers: owner,
      payload: { statuses: [] },
    });
    const mine = await t.app.inject({ method: 'POST', url: '/api/bookings/1/100', headers, payload: { statuses: [] } });
    const rows = mine.json().results as { _id: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(mine.json().totalCount).toBeLessThan(all.json().totalCount);
    const there = await t.db
      .select({ id: bookings.id, pickup: bookings.pickupLocationId, dropoff: bookings.dropoffLocationId })
      .from(bookings)
      .where(eq(bookings.supplierId, DEMO_IDS.users.supplier));
    const atBranch = new Set(there.filter((b) => b.pickup === branch || b.dropoff === branch).map((b) => b.id));
    expect(rows.every((row) => atBranch.has(row._id))).toBe(true);
    const elsewhere = there.find((b) => b.pickup !== branch && b.dropoff !== branch)!;
    const read = await t.app.inject({ method: 'GET', url: `/api/booking/${elsewhere.id}?language=en`, headers });
    expect(read.statusCode).toBe(404);
    const readHere = await t.app.inject({ method: 'GET', url: `/api/booking/${azurBooking!.id}?language=en`, headers });
    expect(readHere.statusCode).toBe(200);
    await update(DEMO_ACCOUNTS.counter.id, { branchIds: [] });
  });

  it("a branch is one of the business's places; another business's is refused, named", async () => {
    const placesOf = async (supplierId: string) =>
      (
        await t.db
          .selectDistinct({ id: carLocations.locationId, names: locations.names })
          .from(carLocations)
          .innerJoin(cars, eq(cars.id, carLocations.carId))
          .innerJoin(locations, eq(locations.id, carLocations.locationId))
          .where(and(eq(cars.supplierId, supplierId), isNull(cars.deletedAt)))
      ).map((row) => ({ id: row.id, name: row.names.en! }));
    const own = await placesOf(DEMO_IDS.users.supplier);
    const ownIds = new Set(own.map((place) => place.id));
    const foreign = (await placesOf(DEMO_IDS.suppliers.kestrel)).find((place) => !ownIds.has(place.id))!;
    expect(own.length).toBeGreaterThan(0);
    expect(foreign).toBeDefined();

    const team = (await t.app.inject({ method: 'GET', url: '/api/team', headers: owner })).json() as Team;
    expect(new Set(team.places)).toEqual(ownIds);
    const refused = await update(DEMO_ACCOUNTS.counter.id, { branchIds: [own[0]!.id, foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.branchIds[0]).toContain(foreign.name);
    expect(refused.json().fieldErrors.branchIds[0]).not.toContain(own[0]!.name);
    const invited = await invite({
      email: 'x5@azur.example',
      fullName: 'X',
      role: 'counter',
      branchIds: [foreign.id],
    });
    expect(invited.statusCode).toBe(400);
    expect(invited.json().fieldErrors.branchIds[0]).toContain(foreign.name);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, DEMO_ACCOUNTS.counter.id));
    expect(membership!.branchIds).toEqual([]);
    const accepted = await update(DEMO_ACCOUNTS.counter.id, { branchIds: [own[0]!.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await update(DEMO_ACCOUNTS.counter.id, { branchIds: [] });
  });

  it("removes a member: sessions end, the account stays a driver's, nothing of the business is theirs", async () => {
    await invite({ email: 'temp@azur.example', fullName: 'Tom Temp', role: 'accountant' });
    const { headers } = await accept('temp@azur.example', 'Temporary-2026!');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'temp@azur.example'));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/remove-member/${row!.id}`, headers: owner });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-access', headers })).statusCode).toBe(401);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, row!.id))).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, row!.id));
    expect(account!.type).toBe('user');
    const again = await signIn(t.db, row!.id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/dashboard?from=2026-01-01&to=2026-02-01&language=en',
          headers: again,
        })
      ).statusCode,
    ).toBe(403);
    // A member is no supplier of its own: the public list of suppliers shows businesses only.
    const suppliers = await t.app.inject({ method: 'GET', url: '/api/suppliers' });
    const names = (suppliers.json() as { fullName: string }[]).map((s) => s.fullName);
    expect(names).not.toContain(DEMO_ACCOUNTS.manager.fullName);
  });

  it('the admin manages the platform team: a support agent reads every booking, changes no setting', async () => {
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const platform = (await t.app.inject({ method: 'GET', url: '/api/team', headers: admin })).json() as Team;
    expect(platform.businessId).toBeNull();
    expect(platform.members.map((m) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [DEMO_ACCOUNTS.admin.email, 'admin'],
        [DEMO_ACCOUNTS.support.email, 'support'],
      ]),
    );
    const azur = (
      await t.app.inject({ method: 'GET', url: `/api/team?businessId=${DEMO_IDS.users.supplier}`, headers: admin })
    ).json() as Team;
    expect(azur.members.map((m) => m.email)).toContain(DEMO_ACCOUNTS.manager.email);
    const support = await signIn(t.db, DEMO_ACCOUNTS.support.id);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/1/5',
      headers: support,
      payload: { statuses: [] },
    });
    expect(list.json().totalCount).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/booking-rules', headers: support })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/team', headers: support })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin-user/${DEMO_ACCOUNTS.driver.id}`, headers: support }))
        .statusCode,
    ).toBe(200);
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: support,
      payload: { _id: DEMO_ACCOUNTS.driver.id, fullName: 'X' },
    });
    expect(edit.statusCode).toBe(403);
  });
});
