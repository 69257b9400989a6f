import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/seed.ts';
import { cookieFrom } from './test-helpers.ts';

// Local stand-ins for the providers, speaking their real protocols: a JWKS endpoint per OpenID provider and the
// Graph API's debug_token and /me. Tokens are really signed; the server verifies them with the real code.

const GOOGLE_CLIENT_ID = 'roam-web.apps.googleusercontent.com';
const APPLE_CLIENT_ID = 'com.roam.web';
const FACEBOOK_APP_ID = '1234567890';
const FACEBOOK_APP_SECRET = 'fb-secret';

type Keys = { privateKey: CryptoKey; jwk: object };

async function keys(alg: 'RS256' | 'ES256', kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

describe('social sign-in', () => {
  let provider: Server;
  let base: string;
  let t: TestApp;
  let google: Keys;
  let apple: Keys;
  let stranger: Keys;
  const facebookTokens = new Map<string, { is_valid: boolean; app_id: string; user_id: string; me: object }>();

  beforeAll(async () => {
    google = await keys('RS256', 'google-1');
    apple = await keys('ES256', 'apple-1');
    // Same key id as Google's, but not Google's key: a forged signature.
    stranger = await keys('RS256', 'google-1');
    provider = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/google/certs') return res.end(JSON.stringify({ keys: [google.jwk] }));
      if (url.pathname === '/apple/keys') return res.end(JSON.stringify({ keys: [apple.jwk] }));
      if (url.pathname === '/graph/debug_token') {
        if (url.searchParams.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.' } }));
        }
        const known = facebookTokens.get(url.searchParams.get('input_token') ?? '');
        const data = known
          ? { is_valid: known.is_valid, app_id: known.app_id, user_id: known.user_id }
          : { is_valid: false, error: { message: 'Invalid token' } };
        return res.end(JSON.stringify({ data }));
      }
      if (url.pathname === '/graph/me') {
        const known = facebookTokens.get(url.searchParams.get('access_token') ?? '');
        if (!known) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ error: { message: 'Invalid token' } }));
        }
        return res.end(JSON.stringify(known.me));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    t = await createTestApp({
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      APPLE_CLIENT_ID,
      APPLE_JWKS_URL: `${base}/apple/keys`,
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${base}/graph`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  const googleToken = (
    claims: JWTPayload,
    options: { key?: Keys; exp?: string | number; aud?: string; iss?: string } = {},
  ) =>
    new SignJWT({ email_verified: true, name: 'Gina Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer(options.iss ?? 'https://accounts.google.com')
      .setAudience(options.aud ?? GOOGLE_CLIENT_ID)
      .setSubject('google-user-1')
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '10m')
      .sign((options.key ?? google).privateKey);

  const appleToken = (claims: JWTPayload) =>
    new SignJWT({ email_verified: 'true', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'apple-1' })
      .setIssuer('https://appleid.apple.com')
      .setAudience(APPLE_CLIENT_ID)
      .setSubject('apple-user-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(apple.privateKey);

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
      await googleToken({ email: 'x@gmail.test' }, { key: stranger }),
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
    facebookTokens.set('fb-good', {
      is_valid: true,
      app_id: FACEBOOK_APP_ID,
      user_id: '42',
      me: { id: '42', name: 'Fiona Facebook', email: 'fiona@fb.test' },
    });
    facebookTokens.set('fb-other-app', {
      is_valid: true,
      app_id: '999',
      user_id: '43',
      me: { id: '43', name: 'Other App', email: 'other@fb.test' },
    });
    facebookTokens.set('fb-expired', {
      is_valid: false,
      app_id: FACEBOOK_APP_ID,
      user_id: '44',
      me: { id: '44', name: 'Expired', email: 'expired@fb.test' },
    });
    facebookTokens.set('fb-no-email', {
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
