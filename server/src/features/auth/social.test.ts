import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { startFakeSocial } from '#test/fake-social.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { cookieFrom } from './auth.test-helpers.ts';

// Local stand-ins for the providers (test/fake-social.ts), speaking their real protocols: a JWKS endpoint per
// OpenID provider and the Graph API's debug_token and /me. Tokens are really signed; the server verifies them with
// the real code.

const FACEBOOK_APP_ID = '1234567890';

describe('social sign-in', () => {
  let fake: Awaited<ReturnType<typeof startFakeSocial>>;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeSocial({
      google: 'roam-web.apps.googleusercontent.com',
      apple: 'com.roam.web',
      facebookAppId: FACEBOOK_APP_ID,
      facebookAppSecret: 'fb-secret',
    });
    t = await createTestApp(fake.env);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const googleToken: typeof fake.googleToken = (...args) => fake.googleToken(...args);
  const appleToken: typeof fake.appleToken = (...args) => fake.appleToken(...args);

  const socialSignIn = (payload: object) => t.app.inject({ method: 'POST', url: '/api/social-sign-in', payload });

  it('Google: a genuine ID token signs in, creating a verified driver account without a password', async () => {
    const res = await socialSignIn({
      provider: 'google',
      token: await googleToken({ email: 'gina@gmail.test' }),
      language: 'es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'gina@gmail.test',
      fullName: 'Gina Google',
      verified: true,
      language: 'es',
    });
    const cookie = cookieFrom(res);
    const has = await t.app.inject({ method: 'GET', url: `/api/has-password/${res.json()._id}`, headers: { cookie } });
    expect(has.json()).toEqual({ hasPassword: false });
    // Signing in again finds the same account.
    const again = await socialSignIn({ provider: 'google', token: await googleToken({ email: 'gina@gmail.test' }) });
    expect(again.json()._id).toBe(res.json()._id);
  });

  it('Google: wrong audience, wrong issuer, expired, forged signature and unverified e-mail are all refused', async () => {
    const bad = [
      await googleToken({ email: 'x@gmail.test' }, { aud: 'someone-else' }),
      await googleToken({ email: 'x@gmail.test' }, { iss: 'https://evil.example' }),
      await googleToken({ email: 'x@gmail.test' }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await googleToken({ email: 'x@gmail.test' }, { key: await fake.strangerKeys() }),
      await googleToken({ email: 'x@gmail.test', email_verified: false }),
      await googleToken({}),
      'not.a.jwt',
    ];
    for (const token of bad) {
      const res = await socialSignIn({ provider: 'google', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'x@gmail.test'))).toHaveLength(0);
  });

  it("Apple: an ES256 ID token with email_verified 'true' signs in an existing account; the name comes from the body", async () => {
    const res = await socialSignIn({
      provider: 'apple',
      token: await appleToken({ email: DEMO_ACCOUNTS.unverified.email }),
      fullName: 'Ignored For Existing',
    });
    expect(res.statusCode).toBe(200);
    // The provider proved the address: the account counts as verified now.
    expect(res.json()).toMatchObject({ _id: DEMO_ACCOUNTS.unverified.id, verified: true, fullName: 'Uma Unverified' });
    const created = await socialSignIn({
      provider: 'apple',
      token: await appleToken({ email: 'anna@icloud.test' }),
      fullName: 'Anna Apple',
    });
    expect(created.json()).toMatchObject({ fullName: 'Anna Apple' });
    // A Google-signed token is no Apple token.
    const wrong = await socialSignIn({ provider: 'apple', token: await googleToken({ email: 'anna@icloud.test' }) });
    expect(wrong.statusCode).toBe(401);
  });

  it('a suspended account stays suspended through social sign-in', async () => {
    const res = await socialSignIn({
      provider: 'google',
      token: await googleToken({ email: DEMO_ACCOUNTS.suspended.email }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended.' });
  });

  it('Facebook: debug_token must say valid and our app id, then /me gives the profile', async () => {
    fake.facebookTokens.set('fb-good', {
      is_valid: true,
      app_id: FACEBOOK_APP_ID,
      user_id: '42',
      me: { id: '42', name: 'Fiona Facebook', email: 'fiona@fb.test' },
    });
    fake.facebookTokens.set('fb-other-app', {
      is_valid: true,
      app_id: '999',
      user_id: '43',
      me: { id: '43', name: 'Other App', email: 'other@fb.test' },
    });
    fake.facebookTokens.set('fb-expired', {
      is_valid: false,
      app_id: FACEBOOK_APP_ID,
      user_id: '44',
      me: { id: '44', name: 'Expired', email: 'expired@fb.test' },
    });
    fake.facebookTokens.set('fb-no-email', {
      is_valid: true,
      app_id: FACEBOOK_APP_ID,
      user_id: '45',
      me: { id: '45', name: 'No Mail' },
    });
    const ok = await socialSignIn({ provider: 'facebook', token: 'fb-good', stayConnected: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'fiona@fb.test', fullName: 'Fiona Facebook', verified: true });
    for (const token of ['fb-other-app', 'fb-expired', 'fb-no-email', 'fb-unknown']) {
      expect((await socialSignIn({ provider: 'facebook', token })).statusCode).toBe(401);
    }
  });
});

describe('social sign-in when no provider is configured', () => {
  it('refuses every provider', async () => {
    const t = await createTestApp();
    try {
      for (const provider of ['google', 'facebook', 'apple']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/social-sign-in',
          payload: { provider, token: 'x' },
        });
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await t.close();
    }
  });
});
