import { randomBytes } from 'node:crypto';
import { sessions } from '../src/db/schema.ts';
import { hashToken, SESSION_COOKIE } from '../src/plugins/session.ts';
import type { TestApp } from './test-app.ts';

/**
 * Signs a user in for a test by storing a session the way `createSession` does, and answers the `Cookie` header to
 * send. Quicker than `POST /api/sign-in/frontend` (no argon2 per test) and independent of its rate limits.
 */
export async function sessionCookie(t: TestApp, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, persistent: false, expiresAt: new Date(Date.now() + 3600_000) });
  return `${SESSION_COOKIE}=${token}`;
}
