import { createHash, randomBytes } from 'node:crypto';
import { type Permission, roleMay } from '@roam/contract/team';
import type { UserType } from '@roam/contract/users';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { loadSessionUser, type SessionUser } from './session-user.ts';

// docs/architecture.md §4 sessions: an opaque random token in an httpOnly, SameSite=Strict cookie, stored hashed.
// "Stay connected" makes the cookie persistent for 30 days; otherwise it is a browser-session cookie whose
// server-side record expires after 24 hours.

export const SESSION_COOKIE = 'roam_session';
const PERSISTENT_MS = 30 * 24 * 3600 * 1000;
const BROWSER_SESSION_MS = 24 * 3600 * 1000;

export type { SessionUser } from './session-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request when a valid session cookie is present. */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The device and address a session list shows, cut to their columns' sizes. */
const clientOf = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
  ip: request.ip.slice(0, 64),
});

export async function createSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  persistent: boolean,
  secure: boolean,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_MS : BROWSER_SESSION_MS));
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, persistent, expiresAt, ...clientOf(request) });
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
    loadSessionUser(app.database.db, tokenHash, new Date()).then((loaded) => {
      if (loaded) {
        request.sessionUser = loaded.user;
        request.sessionTokenHash = tokenHash;
        // The session list's "last use": written now and then, not on every request.
        if (loaded.stale)
          app.inFlight.run('session last use failed', () =>
            app.database.db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash)),
          );
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
 * Ownership check for any `{userId}` in a path (docs/architecture.md §4): a driver or supplier acts on their own account,
 * the platform on any — the admin; a support agent only to read (`users.read`). Another user's id is a
 * 403 (#6: anonymous 401, another user 403).
 */
export function requireSelfOrAdmin(
  request: FastifyRequest,
  userId: string,
  permission: Permission = 'platform',
): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId && !(user.businessId === null && roleMay(user.role, permission)))
    throw new AppError('FORBIDDEN', 'Not allowed.');
  return user;
}

/** The signed-in operator — a member of a business or of the platform (#38) — or 401/403. */
export function requireOperator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role === null) throw new AppError('FORBIDDEN', 'Not allowed.');
  return user;
}

/** The OpenAPI `security` of a call that needs the session cookie (app.ts names the scheme `session`). */
export const SESSION_SECURITY = [{ session: [] }];
