import { SUPPLIER_PROFILE_MESSAGES } from '@roam/contract/supplier-profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, memberships, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The house business (docs/decisions/0013-the-owner-runs-their-own-business.md): the admin creates their own business
// from the suppliers screen, once, without a second address; its membership row makes the admin its owner, the admin
// keeps the platform's reach, and the business's e-mails reach the admin's address (real SMTP).

describe('the house business', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.test>' });
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const read = (headers: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/house-business', headers });
  const create = (headers: { cookie: string }) =>
    t.app.inject({ method: 'POST', url: '/api/create-house-business', headers });

  it('is refused to a supplier and a support agent, and to a member of the platform team', async () => {
    const supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const support = await signIn(t.db, DEMO_ACCOUNTS.support.id);
    expect((await create(supplier)).statusCode).toBe(403);
    expect((await create(support)).statusCode).toBe(403);
    expect((await read(supplier)).statusCode).toBe(403);
    // An admin invited into the platform's team has their one membership there.
    const [member] = await t.db
      .insert(users)
      .values({ type: 'admin', email: 'second-admin@roam.test', fullName: 'Second Admin', verified: true })
      .returning({ id: users.id });
    await t.db.insert(memberships).values({ userId: member!.id, businessId: null, role: 'admin', status: 'active' });
    const refused = await create(await signIn(t.db, member!.id));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(SUPPLIER_PROFILE_MESSAGES.houseNotFounder);
    expect((await read(admin)).json()).toEqual({ business: null });
  });

  it('is created once, named as the site, owned by the admin through a membership row, no second address', async () => {
    const res = await create(admin);
    expect(res.statusCode, res.body).toBe(201);
    const business = res.json();
    expect(business).toEqual({ _id: expect.any(String), fullName: 'Roam', email: DEMO_ACCOUNTS.admin.email });
    const [row] = await t.db.select().from(users).where(eq(users.id, business._id));
    expect(row).toMatchObject({ type: 'supplier', passwordHash: null, fullName: 'Roam' });
    expect(row!.email).toMatch(/@house\.invalid$/);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, DEMO_ACCOUNTS.admin.id));
    expect(membership).toMatchObject({ businessId: business._id, role: 'owner', status: 'active' });
    expect((await read(admin)).json()).toEqual({ business });
    // Once: a second answers 409 and makes nothing.
    const again = await create(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUPPLIER_PROFILE_MESSAGES.houseExists);
    expect(await t.db.select().from(users).where(eq(users.fullName, 'Roam'))).toHaveLength(1);
  });

  it('leaves the admin the platform: every business, the admin screens, the platform team', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/1/5', headers: admin, payload: {} })).statusCode,
    ).toBe(200);
    const kestrel = await t.app.inject({
      method: 'GET',
      url: `/api/supplier/${DEMO_IDS.suppliers.kestrel}`,
      headers: admin,
    });
    expect(kestrel.statusCode).toBe(200);
    const platform = await t.app.inject({ method: 'GET', url: '/api/team', headers: admin });
    expect(platform.json().members).toContainEqual(
      expect.objectContaining({ _id: DEMO_ACCOUNTS.admin.id, role: 'admin', founder: true }),
    );
  });

  it('shows the admin as its owner, whom no one can remove or change', async () => {
    const { business } = (await read(admin)).json();
    const team = await t.app.inject({ method: 'GET', url: `/api/team?businessId=${business._id}`, headers: admin });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().members).toEqual([
      expect.objectContaining({ _id: DEMO_ACCOUNTS.admin.id, role: 'owner', founder: true, status: 'active' }),
    ]);
    const [other] = await t.db
      .insert(users)
      .values({ type: 'admin', email: 'third-admin@roam.test', fullName: 'Third Admin', verified: true })
      .returning({ id: users.id });
    const otherAdmin = await signIn(t.db, other!.id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/remove-member/${DEMO_ACCOUNTS.admin.id}`,
      headers: otherAdmin,
    });
    expect(removed.statusCode).toBe(409);
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/api/update-member/${DEMO_ACCOUNTS.admin.id}`,
      headers: otherAdmin,
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.admin.id));
    expect(row).toMatchObject({ type: 'admin', blacklisted: false });
  });

  it("sends its e-mails to the admin's address, and its profile and the suppliers list show that address", async () => {
    const { business } = (await read(admin)).json();
    await t.db.update(cars).set({ supplierId: business._id }).where(eq(cars.id, DEMO_IDS.cars.clio));
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const before = smtp.received.length;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await expect
      .poll(() => smtp.received.slice(before).filter((mail) => mail.to.includes(DEMO_ACCOUNTS.admin.email)).length)
      .toBeGreaterThan(0);
    expect(smtp.received.slice(before).flatMap((mail) => mail.to)).not.toContainEqual(
      expect.stringMatching(/house\.invalid/),
    );
    const profile = await t.app.inject({ method: 'GET', url: `/api/supplier/${business._id}`, headers: admin });
    expect(profile.json()).toMatchObject({ fullName: 'Roam', email: DEMO_ACCOUNTS.admin.email, carCount: 1 });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/users/1/50',
      headers: admin,
      payload: { types: ['supplier'] },
    });
    expect(list.json().results).toContainEqual(
      expect.objectContaining({ _id: business._id, email: DEMO_ACCOUNTS.admin.email }),
    );
  });
});
