import { createHash, randomBytes } from 'node:crypto';
import type { UserType } from '@roam/contract/users';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

// ARCHITECTURE §4 sessions: an opaque random token in an httpOnly, SameSite=Strict cookie, stored hashed.
// "Stay connected" makes the cookie persistent for 30 days; otherwise it is a browser-session cookie whose
// server-side record expires after 24 hours.

export const SESSION_COOKIE = 'roam_session';
const PERSISTENT_MS = 30 * 24 * 3600 * 1000;
const BROWSER_SESSION_MS = 24 * 3600 * 1000;

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request when a valid session cookie is present. */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(db: Db, reply: FastifyReply, userId: string, persistent: boolean, secure: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, persistent, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    ...(persistent ? { expires: expiresAt } : {}),
  });
}

export async function destroySession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionTokenHash) await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Revokes every session of a user (password change, suspension), optionally keeping the current one. */
export async function revokeSessions(db: DbOrTx, userId: string, keepTokenHash?: string | null) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
}

/**
 * The API's calls, and the console's pages: the server sends console.html to an operator only (plugins/web-app.ts).
 * Not the console's files (/operator/assets/…), the same for everyone.
 */
const needsSession = (url: string) =>
  url.startsWith('/api/') || (/^\/operator(?:[/?]|$)/.test(url) && !url.startsWith('/operator/assets/'));

export function registerSession(app: FastifyInstance) {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTokenHash', null);
  // A callback hook: it runs on every request, and most carry no session (an async hook costs a promise each time).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !needsSession(request.url)) return done();
    const tokenHash = hashToken(token);
    app.database.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
      .limit(1)
      .then(([row]) => {
        if (row) {
          request.sessionUser = row.user;
          request.sessionTokenHash = tokenHash;
        }
        done();
      }, done);
  });
  // Expired sessions are swept now and then rather than on every request.
  const sweep = setInterval(() => {
    app.inFlight.run('session sweep failed', () =>
      app.database.db.delete(sessions).where(lt(sessions.expiresAt, new Date())),
    );
  }, 3600_000).unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** The signed-in, not suspended user, or 401/403. */
export function requireUser(request: FastifyRequest, ...types: UserType[]): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (user.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
  if (types.length > 0 && !types.includes(user.type)) throw new AppError('FORBIDDEN', 'Not allowed.');
  return user;
}

/**
 * Ownership check for any `{userId}` in a path (ARCHITECTURE §4): a driver or supplier acts on their own account,
 * an admin on any. Another user's id is a 403 (issues #3, #6: anonymous 401, another user 403).
 */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId && user.type !== 'admin') throw new AppError('FORBIDDEN', 'Not allowed.');
  return user;
}

/** The signed-in operator — a supplier or an admin (issue #23) — or 401/403. */
export const requireOperator = (request: FastifyRequest): SessionUser => requireUser(request, 'admin', 'supplier');

/** The OpenAPI `security` of a call that needs the session cookie (app.ts names the scheme `session`). */
export const SESSION_SECURITY = [{ session: [] }];
