import { UserSchema } from '@roam/contract/users.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, sessions, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const { driver, driver2, admin, suspended, unverified } = DEMO_ACCOUNTS;

type Account = { email: string; password: string };

/** A sign-in from one visitor's address (the limits are per address: test-app.ts gives each call its own). */
async function signIn(t: TestApp, account: Account, stayConnected = false) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sign-in/frontend',
    remoteAddress: '192.0.2.1',
    payload: { email: account.email, password: account.password, stayConnected },
  });
}

/** The `roam_session=…` pair to send back, from a sign-in answer. */
function cookieOf(res: Awaited<ReturnType<typeof signIn>>) {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

describe('session calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs a driver in: the user comes back without secrets and a browser-session cookie is set', async () => {
    const res = await signIn(t, driver);
    expect(res.statusCode).toBe(200);
    const user = UserSchema.parse(res.json());
    expect(user).toMatchObject({ _id: driver.id, email: driver.email, type: 'user', verified: true });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.expires).toBeUndefined();
    expect(cookie.secure).toBeFalsy();
    // The server-side record of a browser-session cookie lasts 24 hours; only its hash is stored.
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, driver.id));
    const row = rows.at(-1)!;
    expect(row.persistent).toBe(false);
    expect(row.tokenHash).not.toBe(cookie.value);
    const hours = (row.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('stay connected makes the cookie persistent for 30 days', async () => {
    const res = await signIn(t, driver2, true);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('e-mail addresses match whatever their case', async () => {
    const res = await signIn(t, { email: driver.email.toUpperCase(), password: driver.password });
    expect(res.statusCode).toBe(200);
  });

  it("answers 'Incorrect email or password.' for a wrong password and for an unknown address alike", async () => {
    for (const account of [
      { email: driver.email, password: 'wrong-password' },
      { email: 'nobody@roam.localhost', password: driver.password },
    ]) {
      const res = await signIn(t, account);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INCORRECT_CREDENTIALS', message: 'Incorrect email or password.' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it("refuses a suspended account with 'Your account is suspended.' and no cookie", async () => {
    const res = await signIn(t, suspended);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended.' });
    expect(res.cookies).toHaveLength(0);
    // A wrong password on a suspended account says nothing about the suspension.
    expect((await signIn(t, { ...suspended, password: 'nope-nope' })).statusCode).toBe(401);
  });

  it('lets an unverified account sign in (it sees the activation banner)', async () => {
    const res = await signIn(t, unverified);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verified: false });
  });

  it('rejects a malformed body with 400 and field errors, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sign-in/frontend', payload: { email: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: expect.any(Object) });
  });

  it('validate-access-token: 200 with a live session, 401 without or after sign-out', async () => {
    const cookie = cookieOf(await signIn(t, driver));
    const ok = await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/validate-access-token' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/validate-access-token',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.statusCode).toBe(401);

    const out = await t.app.inject({ method: 'POST', url: '/api/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('an expired server-side session is no session', async () => {
    const cookie = cookieOf(await signIn(t, driver2));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, driver2.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('a session of an account suspended afterwards is marked unauthorized', async () => {
    const cookie = cookieOf(await signIn(t, unverified));
    await t.db.update(users).set({ blacklisted: true }).where(eq(users.id, unverified.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await t.db.update(users).set({ blacklisted: false }).where(eq(users.id, unverified.id));
  });

  it('GET /api/user/{id}: self and admin yes; anonymous 401; another user refused', async () => {
    const driverCookie = cookieOf(await signIn(t, driver));
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/user/${driver.id}`,
      headers: { cookie: driverCookie },
    });
    expect(self.statusCode).toBe(200);
    expect(UserSchema.parse(self.json())).toMatchObject({ _id: driver.id, fullName: driver.fullName, avatar: null });
    expect(self.body).not.toMatch(/password/i);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/user/${driver2.id}`,
      headers: { cookie: driverCookie },
    });
    expect(other.statusCode).toBe(403);

    const adminCookie = cookieOf(await signIn(t, admin));
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/user/${driver2.id}`,
      headers: { cookie: adminCookie },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ _id: driver2.id });

    expect((await t.app.inject({ method: 'GET', url: `/api/user/${driver.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/not-a-uuid', headers: { cookie: adminCookie } })).statusCode,
    ).toBe(400);
  });

  it('builds the avatar URL from the file id', async () => {
    const [file] = await t.db
      .insert(files)
      .values({ kind: 'avatar', ownerId: driver.id, contentType: 'image/png', size: 1, bytes: Buffer.from([0]) })
      .returning({ id: files.id });
    await t.db.update(users).set({ avatarFileId: file!.id }).where(eq(users.id, driver.id));
    const cookie = cookieOf(await signIn(t, driver));
    const res = await t.app.inject({ method: 'GET', url: `/api/user/${driver.id}`, headers: { cookie } });
    expect(res.json().avatar).toBe(`/api/files/${file!.id}`);
    await t.db.update(users).set({ avatarFileId: null }).where(eq(users.id, driver.id));
  });
});

describe('sign-in cookie under HTTPS', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://roam.example' });
    try {
      const res = await signIn(t, driver);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in rate limit', () => {
  it('allows 20 tries a minute per IP and e-mail, then answers 429 with a clear message', async () => {
    const t = await createTestApp();
    try {
      // Tries count whether they succeed or not (failures are also counted per IP across e-mails, a budget of its
      // own: security/sign-in-spraying.test.ts).
      for (let i = 0; i < 20; i++) expect((await signIn(t, driver)).statusCode).toBe(200);
      const limited = await signIn(t, driver);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/too many/i) });
      // Another account from the same IP is not locked out.
      expect((await signIn(t, driver2)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    // 21 argon2 verifications are slow by design (~0.2 s each alone, several times that on a loaded CI machine).
  }, 120_000);
});

describe('update-language', () => {
  it('sets the language of oneself (or anyone for an admin); others, anonymous and bad codes refused', async () => {
    const t = await createTestApp();
    try {
      const cookie = cookieOf(await signIn(t, driver));
      const update = (id: string, language: string, headers: Record<string, string> = { cookie }) =>
        t.app.inject({ method: 'POST', url: '/api/update-language', headers, payload: { id, language } });
      expect((await update(driver.id, 'fr')).statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
      expect(row!.language).toBe('fr');
      expect((await update(driver.id, 'xx')).statusCode).toBe(400);
      expect((await update(driver2.id, 'de')).statusCode).toBe(403);
      expect((await update(driver.id, 'de', {})).statusCode).toBe(401);
      const adminCookie = cookieOf(await signIn(t, admin));
      expect((await update(driver2.id, 'se', { cookie: adminCookie })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
