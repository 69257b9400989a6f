import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { sessions } from '../src/db/schema.ts';
import { hashToken, SESSION_COOKIE } from '../src/plugins/session.ts';

/**
 * Signs a user in for tests by creating a session row directly, and returns the request headers to send. The one
 * place to switch to the real sign-in call once the accounts feature (issue #3) lands.
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
