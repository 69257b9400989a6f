import { REMEMBER_BROWSER_DAYS } from '@roam/contract/team';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';

// "Remember this browser": a cookie signed with SESSION_SECRET (@fastify/cookie), httpOnly, naming the
// account, the enrolment and the end of its 30 days. A new enrolment or a reset changes the enrolment's id, so every
// browser remembered before asks a code again. One account per browser: the last one to ask is remembered.

export const TRUSTED_COOKIE = 'roam_trusted_browser';
const DAY_MS = 24 * 3600_000;

export function rememberBrowser(ctx: AppContext, reply: FastifyReply, userId: string, enrolmentId: string) {
  const expires = new Date(ctx.clock.now().getTime() + REMEMBER_BROWSER_DAYS * DAY_MS);
  reply.setCookie(TRUSTED_COOKIE, `${userId}.${enrolmentId}.${expires.getTime()}`, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.PUBLIC_URL.startsWith('https:'),
    signed: true,
    expires,
  });
}

export function remembered(request: FastifyRequest, userId: string, enrolmentId: string, now: Date): boolean {
  const raw = request.cookies[TRUSTED_COOKIE];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return false;
  const [user, enrolment, until] = unsigned.value.split('.');
  return user === userId && enrolment === enrolmentId && Number(until) > now.getTime();
}
