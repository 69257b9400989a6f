import type { SocialProvider, SocialSignIn } from '@roam/contract/auth';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from './auth.repository.ts';

// Social sign-in: the server verifies every token itself and trusts nothing the browser says.
// - Google and Apple: an OpenID Connect ID token, verified by signature against the provider's JWKS, issuer,
//   audience (our client id), expiry, and a verified e-mail address.
// - Facebook: an access token, checked with debug_token using our app's token (valid, issued to our app id), then
//   the profile read from /me.

export type VerifiedIdentity = { email: string; fullName: string | null };

const failed = () => new AppError('UNAUTHENTICATED', 'Social sign-in failed.');

type OidcProvider = { clientId: string | undefined; jwksUrl: string; issuers: string[] };

function oidcProviders(config: Config): Record<'google' | 'apple', OidcProvider> {
  return {
    google: {
      clientId: config.GOOGLE_CLIENT_ID,
      jwksUrl: config.GOOGLE_JWKS_URL,
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    },
    apple: { clientId: config.APPLE_CLIENT_ID, jwksUrl: config.APPLE_JWKS_URL, issuers: ['https://appleid.apple.com'] },
  };
}

/** Apple sends email_verified as the string "true"; Google as a boolean. */
const isTrue = (value: unknown) => value === true || value === 'true';

export function createSocialVerifier(config: Config) {
  const oidc = oidcProviders(config);
  // One key set per provider: jose caches the keys and refetches on an unknown key id (key rotation).
  const keySets = {
    google: createRemoteJWKSet(new URL(oidc.google.jwksUrl), { timeoutDuration: 5000 }),
    apple: createRemoteJWKSet(new URL(oidc.apple.jwksUrl), { timeoutDuration: 5000 }),
  };

  async function verifyIdToken(provider: 'google' | 'apple', token: string): Promise<VerifiedIdentity> {
    const { clientId, issuers } = oidc[provider];
    if (!clientId) throw new AppError('BAD_REQUEST', 'This sign-in provider is not configured.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySets[provider], {
        issuer: issuers,
        audience: clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch {
      throw failed();
    }
    const email = typeof payload.email === 'string' ? payload.email : null;
    if (!email || !isTrue(payload.email_verified)) throw failed();
    return { email, fullName: typeof payload.name === 'string' ? payload.name : null };
  }

  async function verifyFacebook(token: string): Promise<VerifiedIdentity> {
    const appId = config.FACEBOOK_APP_ID;
    const secret = config.FACEBOOK_APP_SECRET;
    if (!appId || !secret) throw new AppError('BAD_REQUEST', 'This sign-in provider is not configured.');
    const graph = config.FACEBOOK_GRAPH_URL.replace(/\/$/, '');
    const get = async (path: string, params: Record<string, string>) => {
      const res = await fetch(`${graph}${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw failed();
      return (await res.json()) as Record<string, unknown>;
    };
    try {
      const debug = (await get('/debug_token', { input_token: token, access_token: `${appId}|${secret}` })).data as
        | { is_valid?: unknown; app_id?: unknown; user_id?: unknown }
        | undefined;
      if (debug?.is_valid !== true) throw failed();
      if (String(debug.app_id) !== appId) throw failed();
      const me = await get('/me', { fields: 'id,name,email', access_token: token });
      // Facebook only returns confirmed e-mail addresses; an account without one cannot sign in here.
      if (typeof me.email !== 'string' || String(me.id) !== String(debug.user_id)) throw failed();
      return { email: me.email, fullName: typeof me.name === 'string' ? me.name : null };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failed();
    }
  }

  return (provider: SocialProvider, token: string): Promise<VerifiedIdentity> =>
    provider === 'facebook' ? verifyFacebook(token) : verifyIdToken(provider, token);
}

/**
 * The account of a verified identity: the existing one with that e-mail (now known to be verified), or a new driver
 * account without a password (has-password then answers false).
 */
export async function signInWithIdentity(
  ctx: AppContext,
  identity: VerifiedIdentity,
  input: SocialSignIn,
): Promise<UserRow> {
  const { db } = ctx;
  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    if (existing.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
    if (!existing.verified) await updateUser(db, existing.id, { verified: true, verifiedAt: new Date() });
    return { ...existing, verified: true };
  }
  const fullName = identity.fullName ?? input.fullName ?? identity.email.split('@')[0]!;
  return insertUser(db, {
    type: 'user',
    email: identity.email,
    fullName: fullName.slice(0, 200),
    language: input.language,
    passwordHash: null,
    verified: true,
    verifiedAt: new Date(),
  });
}
