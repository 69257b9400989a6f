import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from './session.ts';

// A guest has no session, yet only the guest's browser may pay their booking, read its payment, or delete or use the
// licence they uploaded. The checkout answer and a guest's licence upload give the
// browser a random token in an httpOnly, SameSite=Strict cookie scoped to the API; the booking (the file) stores its
// hash. The browser then sends it with every payment call, with no change to the web app, and no script can read it.
// One browser keeps one token while it is open, so a second checkout or upload finds the first's.

export const GUEST_COOKIE = 'roam_guest';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The hash of the guest token the request carries, or null. */
export function guestTokenHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[GUEST_COOKIE];
  return token && TOKEN.test(token) ? hashToken(token) : null;
}

/**
 * The browser's guest token — the one it carries, or a new one — set (again) on the reply; returns its hash, which
 * the caller stores on what the guest made.
 */
export function issueGuestToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const carried = request.cookies[GUEST_COOKIE];
  const token = carried && TOKEN.test(carried) ? carried : randomBytes(32).toString('base64url');
  // A browser-session cookie: a guest pays within the hold (HOLD_MINUTES), and the token goes when the browser closes.
  reply.setCookie(GUEST_COOKIE, token, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
  return hashToken(token);
}
