import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { hashToken, SESSION_COOKIE } from '#server/plugins/session.ts';

/**
 * Signs a user in for a test by storing a session the way `createSession` does, and returns the request headers to
 * send. Quicker than `POST /api/sign-in/frontend` (no argon2 per test) and independent of its rate limits, which
 * the accounts tests cover.
 */
export async function signIn(db: Db, userId: string): Promise<{ cookie: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    persistent: false,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}
