import { isIP } from 'node:net';
import type { SessionInfo } from '@roam/contract/team';
import { deviceOf } from '@roam/contract/team';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './team.repository.ts';

// A person's sessions: each person lists theirs and ends any; an owner (or the admin) ends a member's.
// The device is read from the user agent; the place is what the address tells without an outside database: this
// machine or a private network. Any other address is shown as it is, its place unknown.

/** Where an address is, when it tells by itself: loopback, or a private range (RFC 1918, RFC 4193). */
export function placeOf(ip: string | null): SessionInfo['place'] {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (address === '::1' || address.startsWith('127.')) return 'local';
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  } else if (/^f[cd]/i.test(address)) return 'private';
  return null;
}

async function sessionsOf(ctx: AppContext, userId: string, currentId: string | null): Promise<SessionInfo[]> {
  const rows = await repository.liveSessions(ctx.db, userId, ctx.clock.now());
  return rows.map((row) => ({
    _id: row.id,
    current: row.id === currentId,
    ...deviceOf(row.userAgent),
    ip: row.ip,
    place: placeOf(row.ip),
    persistent: row.persistent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  }));
}

export const mySessions = (ctx: AppContext, user: SessionUser) => sessionsOf(ctx, user.id, user.sessionId);

/** Ends one of one's own sessions (the current one too: that is signing out there). */
export async function endMySession(ctx: AppContext, user: SessionUser, sessionId: string): Promise<void> {
  if ((await repository.deleteSession(ctx.db, user.id, sessionId)) === 0)
    throw new AppError('NOT_FOUND', 'Session not found.');
}

/** A member of a team `actor` manages (404 otherwise, as for an unknown id). */
async function managedMember(ctx: AppContext, actor: SessionUser, userId: string) {
  const membership = await repository.findMembership(ctx.db, userId);
  if (!membership || (actor.businessId !== null && membership.businessId !== actor.businessId))
    throw new AppError('NOT_FOUND', 'Member not found.');
  return membership;
}

export async function memberSessions(ctx: AppContext, actor: SessionUser, userId: string): Promise<SessionInfo[]> {
  await managedMember(ctx, actor, userId);
  return sessionsOf(ctx, userId, null);
}

/** Ends every session of a member, at once: their next call is signed out. Audited. */
export async function endMemberSessions(ctx: AppContext, actor: SessionUser, userId: string): Promise<void> {
  const membership = await managedMember(ctx, actor, userId);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteSessions(tx, userId);
    await recordAudit(ctx, tx, actor, {
      entity: 'member',
      entityId: userId,
      action: 'endSessions',
      ...(membership.businessId ? { supplierId: membership.businessId } : {}),
      changes: {},
    });
  });
}
