import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { resetAdminPassword } from '#server/features/auth/admins.service.ts';
import { verifyPassword } from '#server/features/auth/auth.service.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { prepareFirstAdmin } from './setup.service.ts';

// An empty database gets its first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or through a one-time set-up
// link; a locked-out admin's password is reset from the shell.

/** The demo data has an admin: these tests start from a database that has none. */
async function withoutAdmins(t: TestApp) {
  await t.db.update(users).set({ type: 'user' }).where(eq(users.type, 'admin'));
}

const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';
const firstAdmin = { fullName: 'Ada Owner', email: 'ada@rent.example', password: 'a long enough secret' };

describe('the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('creates a verified admin once, and nothing at the next start', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD: 'correct horse battery' });
    await withoutAdmins(t);
    expect(await prepareFirstAdmin(t.app.context)).toEqual({ kind: 'created', email: 'boss@rent.example' });
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'boss@rent.example'));
    expect(admin).toMatchObject({ type: 'admin', verified: true, blacklisted: false });
    expect(await verifyPassword(admin!.passwordHash, 'correct horse battery', 'low')).toBe(true);
    // Ignored afterwards: a changed password in the environment does not change the account.
    expect(await prepareFirstAdmin(t.app.context)).toEqual({ kind: 'ready' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: 'boss@rent.example', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('does nothing when the database has an admin already (the demo data)', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'boss@rent.example', ADMIN_PASSWORD: 'correct horse battery' });
    expect(await prepareFirstAdmin(t.app.context)).toEqual({ kind: 'ready' });
    expect(await t.db.select().from(users).where(eq(users.email, 'boss@rent.example'))).toEqual([]);
  });
});

describe('the first admin through the set-up link', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await withoutAdmins(t);
  });
  afterEach(async () => t.close());

  const status = (token: string) => t.app.inject({ url: `/api/setup/${token}` });
  const create = (token: string, body = firstAdmin) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload: { ...body, token } });

  it('opens once: creates the admin, signs them in, then says the site has one', async () => {
    const outcome = await prepareFirstAdmin(t.app.context);
    if (outcome.kind !== 'link') throw new Error(`no link: ${outcome.kind}`);
    expect(outcome.url).toMatch(/^http:\/\/localhost:3000\/setup\?t=[\w-]{40,}$/);
    const token = tokenOf(outcome.url);
    expect((await status(token)).json()).toEqual({ status: 'open' });

    const created = await create(token);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'admin', email: 'ada@rent.example', verified: true });
    const cookie = created.cookies.find((c) => c.name === 'roam_session');
    expect(cookie?.httpOnly).toBe(true);
    const me = await t.app.inject({
      url: `/api/user/${created.json()._id}`,
      headers: { cookie: `roam_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);

    expect((await status(token)).json()).toEqual({ status: 'done' });
    const again = await create(token, { ...firstAdmin, email: 'mallory@evil.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This site already has an administrator.');
    expect(await prepareFirstAdmin(t.app.context)).toEqual({ kind: 'ready' });
  });

  it('refuses an unknown, used or expired link, and a short password, without creating anything', async () => {
    const outcome = await prepareFirstAdmin(t.app.context);
    if (outcome.kind !== 'link') throw new Error(`no link: ${outcome.kind}`);
    const token = tokenOf(outcome.url);
    const unknown = await create('x'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe('This set-up link has expired or has been used.');
    const short = await create(token, { ...firstAdmin, password: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.password).toEqual(['The password must be at least 12 characters long.']);

    // 24 hours later the link is dead; a new start gives a new one.
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000);
    t.app.context.clock = { now: () => tomorrow };
    expect((await status(token)).json()).toEqual({ status: 'expired' });
    expect((await create(token)).statusCode).toBe(410);
    expect(await t.db.select().from(users).where(eq(users.type, 'admin'))).toEqual([]);
    const next = await prepareFirstAdmin(t.app.context);
    if (next.kind !== 'link') throw new Error(`no link: ${next.kind}`);
    expect(tokenOf(next.url)).not.toBe(token);
    expect((await create(tokenOf(next.url))).statusCode).toBe(201);
  });

  // The second outside audit, item 17: a visitor who signed up with the owner's e-mail first made the set-up answer 500.
  it("a visitor's account with the owner's e-mail becomes the admin, with the set-up's password, signed out", async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: {
        fullName: 'Mallory Visitor',
        email: 'ADA@rent.example',
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-06',
        password: 'mallory-knows-this',
        tosAccepted: true,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const visitorCookie = signUp.cookies.find((c) => c.name === 'roam_session')!;
    const outcome = await prepareFirstAdmin(t.app.context);
    if (outcome.kind !== 'link') throw new Error(`no link: ${outcome.kind}`);
    const created = await create(tokenOf(outcome.url));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      _id: signUp.json()._id,
      type: 'admin',
      fullName: 'Ada Owner',
      verified: true,
    });
    const [admin] = await t.db.select().from(users).where(eq(users.id, signUp.json()._id));
    expect(await verifyPassword(admin!.passwordHash, firstAdmin.password, 'low')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'mallory-knows-this', 'low')).toBe(false);
    // The visitor's session is gone: only the set-up's holder is signed in.
    const visitor = await t.app.inject({
      url: `/api/user/${signUp.json()._id}`,
      headers: { cookie: `roam_session=${visitorCookie.value}` },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("refuses, saying why, an owner's e-mail that a supplier's account has (a business is not turned into the admin)", async () => {
    await t.db.update(users).set({ email: 'ada@rent.example' }).where(eq(users.id, DEMO_ACCOUNTS.supplier.id));
    const outcome = await prepareFirstAdmin(t.app.context);
    if (outcome.kind !== 'link') throw new Error(`no link: ${outcome.kind}`);
    const refused = await create(tokenOf(outcome.url));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fieldErrors: {
        email: ['This address belongs to a supplier account. Choose another address for the administrator.'],
      },
    });
    // The link is still good for another address.
    expect((await create(tokenOf(outcome.url), { ...firstAdmin, email: 'ada.admin@rent.example' })).statusCode).toBe(
      201,
    );
  });

  it('makes one admin when two links are used at the same moment', async () => {
    const links = [await prepareFirstAdmin(t.app.context), await prepareFirstAdmin(t.app.context)];
    const tokens = links.map((link) => (link.kind === 'link' ? tokenOf(link.url) : ''));
    const answers = await Promise.all(
      tokens.map((token, index) => create(token, { ...firstAdmin, email: `owner${index}@rent.example` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.type, 'admin'))).toHaveLength(1);
  });
});

describe("an admin's password from the shell", () => {
  it('sets a new one (random when none is given), signs the admin out everywhere and lifts a suspension', async () => {
    const t = await createTestApp();
    try {
      const [admin] = await t.db.select().from(users).where(eq(users.type, 'admin'));
      await t.db.update(users).set({ blacklisted: true }).where(eq(users.id, admin!.id));
      const chosen = await resetAdminPassword(t.app.context, admin!.email, 'a new long password');
      expect(chosen.password).toBe('a new long password');
      const random = await resetAdminPassword(t.app.context, admin!.email.toUpperCase());
      expect(random.password).toMatch(/^[\w-]{24}$/);
      const [after] = await t.db.select().from(users).where(eq(users.id, admin!.id));
      expect(after!.blacklisted).toBe(false);
      expect(await verifyPassword(after!.passwordHash, random.password, 'low')).toBe(true);
      await expect(resetAdminPassword(t.app.context, 'driver@roam.localhost')).rejects.toThrow(/No admin account/);
    } finally {
      await t.close();
    }
  });
});
