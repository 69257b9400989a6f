import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, sessions, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { cookieFrom, lastMailTo, linkParams, signInAs } from './auth.test-helpers.ts';

const { driver, driver2, admin, suspended, unverified } = DEMO_ACCOUNTS;

const newDriver = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: 'Nora New',
  email,
  phone: '+33 6 12 34 56 78',
  birthDate: '1995-04-12',
  password: 'secret-1',
  language: 'fr',
  tosAccepted: true,
  ...extra,
});

describe('sign-up and activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://roam.example' });
  });
  afterAll(() => t.close());

  const signUp = (payload: object) => t.app.inject({ method: 'POST', url: '/api/sign-up', payload });

  it('creates an unverified driver, signs it in and e-mails an activation link in its language', async () => {
    const res = await signUp(newDriver('nora@example.com'));
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ email: 'nora@example.com', type: 'user', verified: false, language: 'fr' });
    const cookie = cookieFrom(res);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } })).statusCode,
    ).toBe(200);

    const mail = (await lastMailTo(t, 'nora@example.com'))!;
    expect(mail.subject).toBe('Activez votre compte Roam');
    expect(mail.html).toContain('Activer mon compte');
    const link = linkParams(mail.text, 'activate');
    // Built from PUBLIC_URL, never from the Host header.
    expect(link.url.origin).toBe('https://roam.example');
    expect(link).toMatchObject({ userId: user._id, email: 'nora@example.com' });
    // Only the hash of the token is stored; it expires in one day.
    const [token] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user._id));
    expect(token!.tokenHash).not.toContain(link.token);
    const hours = (token!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${encodeURIComponent(link.email)}/${link.token}`,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ purpose: 'activate', needsPassword: false });

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ _id: user._id, verified: true });

    // Usable once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'Your account activation link expired.' });
    const recheck = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${encodeURIComponent(link.email)}/${link.token}`,
    });
    expect(recheck.statusCode).toBe(410);
  });

  it('refuses a link after one day, with a wrong e-mail or a made-up token', async () => {
    await signUp(newDriver('late@example.com'));
    const link = linkParams((await lastMailTo(t, 'late@example.com'))!.text, 'activate');
    const check = (email: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/check-token/frontend/${link.userId}/${email}/${token}` });
    expect((await check('other@example.com', link.token)).statusCode).toBe(410);
    expect((await check(link.email, 'made-up-token')).statusCode).toBe(410);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, link.userId));
    expect((await check(link.email, link.token)).statusCode).toBe(410);
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token },
    });
    expect(activate.statusCode).toBe(410);

    // The expired-link screen's resend sends a fresh link that works.
    const resend = await t.app.inject({ method: 'POST', url: '/api/resend/frontend/late%40example.com/false' });
    expect(resend.statusCode).toBe(200);
    const fresh = linkParams((await lastMailTo(t, 'late@example.com'))!.text, 'activate');
    expect(fresh.token).not.toBe(link.token);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: fresh.userId, token: fresh.token },
    });
    expect(ok.statusCode).toBe(200);
    // Already activated: nothing more to resend.
    const done = await t.app.inject({ method: 'POST', url: '/api/resend/frontend/late%40example.com/false' });
    expect(done.statusCode).toBe(409);
  });

  it('says word for word what is wrong with a sign-up, as field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short' }, 'password', 'Password must be at least 6 characters long.'],
      [
        { birthDate: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10) },
        'birthDate',
        'You must be at least 18 years old.',
      ],
      [{ tosAccepted: false }, 'tosAccepted', 'Accept the Terms of Use.'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ phone: 'call me' }, 'phone', 'Invalid phone number'],
    ];
    for (const [change, field, message] of cases) {
      const res = await signUp(newDriver('fields@example.com', change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please fix errors.' });
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
  });

  it("refuses an address that is taken, whatever its case: 'This email address is already registered.'", async () => {
    const res = await signUp(newDriver(driver.email.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This email address is already registered.',
      fieldErrors: { email: ['This email address is already registered.'] },
    });
    const taken = await t.app.inject({ method: 'POST', url: '/api/validate-email', payload: { email: driver.email } });
    expect(taken.statusCode).toBe(409);
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/validate-email',
      payload: { email: 'free@example.com' },
    });
    expect(free.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/validate-email', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('sets the password of an account made without one (guest checkout) on activation, then revokes sessions', async () => {
    await signUp(newDriver('guest@example.com'));
    const link = linkParams((await lastMailTo(t, 'guest@example.com'))!.text, 'activate');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, link.userId));
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${link.email}/${link.token}`,
    });
    expect(check.json()).toEqual({ purpose: 'activate', needsPassword: true });
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token },
    });
    expect(without.statusCode).toBe(400);
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token, password: 'chosen-pw' },
    });
    expect(withPassword.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sign-in/frontend',
          payload: { email: 'guest@example.com', password: 'chosen-pw' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('resend-link: the signed-in unverified user gets a new link; verified and anonymous users do not', async () => {
    const cookie = await signInAs(t, unverified);
    const res = await t.app.inject({ method: 'POST', url: '/api/resend-link', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo(t, unverified.email))!.subject).toBe('Activate your Roam account');
    expect((await t.app.inject({ method: 'POST', url: '/api/resend-link' })).statusCode).toBe(401);
    const verifiedCookie = await signInAs(t, driver2);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/resend-link', headers: { cookie: verifiedCookie } })).statusCode,
    ).toBe(409);
  });

  it('delete-tokens: self or admin only', async () => {
    const cookie = await signInAs(t, unverified);
    await t.app.inject({ method: 'POST', url: '/api/resend-link', headers: { cookie } });
    const other = await signInAs(t, driver);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/delete-tokens/${unverified.id}`, headers: { cookie: other } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-tokens/${unverified.id}` })).statusCode).toBe(401);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-tokens/${unverified.id}`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, unverified.id))).toHaveLength(0);
    const adminCookie = await signInAs(t, admin);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/delete-tokens/${driver.id}`,
          headers: { cookie: adminCookie },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("'Email address not registered' for an unknown address", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/resend/frontend/ghost%40example.com/true' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Email address not registered' });
  });

  it('a suspended account gets no reset link', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/resend/frontend/${suspended.email}/true` });
    expect(res.statusCode).toBe(403);
  });

  it('e-mails a reset link; using it sets the new password once and revokes every session', async () => {
    const oldCookie = await signInAs(t, driver2);
    const res = await t.app.inject({ method: 'POST', url: `/api/resend/frontend/${driver2.email}/true` });
    expect(res.statusCode).toBe(200);
    const mail = (await lastMailTo(t, driver2.email))!;
    expect(mail.subject).toBe('Reset your Roam password');
    const link = linkParams(mail.text, 'reset-password');
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${link.email}/${link.token}`,
    });
    expect(check.json()).toEqual({ purpose: 'reset', needsPassword: true });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token, password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.password).toEqual(['Password must be at least 6 characters long.']);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token, password: 'brand-new-pw' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie: oldCookie } }))
        .statusCode,
    ).toBe(401);
    await signInAs(t, { email: driver2.email, password: 'brand-new-pw' });
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: { userId: link.userId, token: link.token, password: 'another-pw' },
    });
    expect(reuse.statusCode).toBe(410);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, driver2.id))).toHaveLength(2);
  });

  it('limits reset e-mails to 5 a minute per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const resend = { method: 'POST' as const, url: `/api/resend/frontend/${driver.email}/true` };
      codes.push((await t.app.inject({ ...resend, remoteAddress: '192.0.2.2' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('sign-up when e-mail cannot be sent', () => {
  it("answers 'An error occurred during sign up.' and keeps no half-made account", async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload: newDriver('lost@example.com') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'An error occurred during sign up.' });
      expect(await t.db.select().from(users).where(eq(users.email, 'lost@example.com'))).toHaveLength(0);
      const resend = await t.app.inject({ method: 'POST', url: `/api/resend/frontend/${unverified.email}/false` });
      expect(resend.statusCode).toBe(503);
      expect(resend.json().message).toBe('An error occurred while sending validation email.');
    } finally {
      await t.close();
    }
  });
});
