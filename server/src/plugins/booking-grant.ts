import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from './session.ts';

// The browser side of a manage link (features/booking-access): opening the link gives the browser a
// grant to one booking, in an httpOnly, SameSite=Strict cookie scoped to the API — no script reads it — stored hashed.
// Routes declared `auth: 'bookingHolder'` accept it in place of a session (plugins/route-auth.ts).

export const BOOKING_GRANT_COOKIE = 'roam_booking';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The grant's hash when the request carries a well-formed one, else null. */
export function bookingGrantHashOf(request: FastifyRequest): string | null {
  const grant = request.cookies[BOOKING_GRANT_COOKIE];
  return grant && SECRET.test(grant) ? hashToken(grant) : null;
}

/** A browser-session cookie: the grant also ends when the browser closes. */
export function setBookingGrant(reply: FastifyReply, grant: string, secure: boolean) {
  reply.setCookie(BOOKING_GRANT_COOKIE, grant, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
}
