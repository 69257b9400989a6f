import {
  ADMIN_USER_BOOKINGS,
  ADMIN_USERS_MESSAGES,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '@roam/contract/users';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type AuditActor, changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { toUser } from '#server/features/auth/auth.service.ts';
import { lockSupplierFleet, retireCars } from '#server/features/fleet/fleet.service.ts';
import { findMembership } from '#server/features/team/team.repository.ts';
import { findTwoFactor } from '#server/features/team/two-factor.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { revokeSessions, type SessionUser } from '#server/plugins/session.ts';
import * as repository from './users.repository.ts';

// The admin's users: list, profile with bookings, verify, suspend, reactivate, delete. Suspension
// is spec §6: sessions end at once and sign-in answers 'Your account is suspended.' (auth.service.ts). Every change
// is audited in its transaction.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;
type Account = SessionUser;
export type AdminFlags = { verified?: boolean | undefined; blacklisted?: boolean | undefined };

const notFound = () => new AppError('NOT_FOUND', 'Not found.');

export async function listUsers(
  ctx: AppContext,
  query: AdminUsersQuery,
  page: number,
  size: number,
): Promise<AdminUsersPage> {
  const { rows, totalCount } = await repository.listUsers(ctx.db, query, page, size);
  return {
    totalCount,
    results: rows.map(({ id, createdAt, ...row }) => ({ _id: id, createdAt: createdAt.toISOString(), ...row })),
  };
}

/** `GET /api/admin-user/{id}`: a live account and its latest bookings. */
export async function readAdminUser(ctx: AppContext, userId: string): Promise<AdminUser> {
  const user = await repository.findLiveUser(ctx.db, userId);
  if (!user) throw notFound();
  const [{ rows, totalCount }, upcomingCount, twoFactor, membership] = await Promise.all([
    repository.latestBookings(ctx.db, userId, ADMIN_USER_BOOKINGS),
    repository.countCurrentOrFutureBookings(ctx.db, userId),
    findTwoFactor(ctx.db, userId),
    findMembership(ctx.db, userId),
  ]);
  return {
    user: { ...toUser(user), createdAt: user.createdAt.toISOString() },
    bookingCount: totalCount,
    upcomingCount,
    twoFactor: Boolean(twoFactor?.enabledAt),
    member: membership !== undefined,
    bookings: rows.map(({ id, pickupAt, dropoffAt, ...row }) => ({
      _id: id,
      pickupAt: pickupAt.toISOString(),
      dropoffAt: dropoffAt.toISOString(),
      ...row,
    })),
  };
}

/**
 * Checks, before anything is written, the flags of an update-user call: only an admin changes them (anyone may send
 * back the values they read), and an admin does not suspend their own account (nobody could lift it from the site).
 */
export function checkAdminFlags(actor: Actor, account: Account, flags: AdminFlags): AdminFlags {
  const changed: AdminFlags = {};
  if (flags.verified !== undefined && flags.verified !== account.verified) changed.verified = flags.verified;
  if (flags.blacklisted !== undefined && flags.blacklisted !== account.blacklisted)
    changed.blacklisted = flags.blacklisted;
  if (Object.keys(changed).length === 0) return changed;
  if (!(actor.businessId === null && actor.role === 'admin')) {
    const fieldErrors = Object.fromEntries(Object.keys(changed).map((f) => [f, [ADMIN_USERS_MESSAGES.adminOnlyFlags]]));
    throw new AppError('FORBIDDEN', ADMIN_USERS_MESSAGES.adminOnlyFlags, fieldErrors);
  }
  if (changed.blacklisted && actor.id === account.id) throw new AppError('CONFLICT', 'You cannot suspend yourself.');
  return changed;
}

/**
 * Writes the admin's changes of an update-user call in its transaction `tx`: the flags `checkAdminFlags` let through,
 * and an audit row of every changed field (profile fields included). Call `afterAdminChange` once `tx` commits.
 */
export async function recordAdminChange(
  ctx: AppContext,
  tx: DbOrTx,
  actor: AuditActor,
  account: Account,
  fields: Record<string, unknown>,
  flags: AdminFlags,
): Promise<void> {
  if (Object.keys(flags).length > 0)
    await repository.setFlags(tx, account.id, {
      ...flags,
      ...(flags.verified ? { verifiedAt: account.verifiedAt ?? new Date() } : {}),
    });
  const given = Object.fromEntries(Object.entries({ ...fields, ...flags }).filter(([, v]) => v !== undefined));
  const before = Object.fromEntries(Object.keys(given).map((f) => [f, account[f as keyof Account] ?? null]));
  const changes = changesBetween(before, given);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(ctx, tx, actor, {
    entity: 'user',
    entityId: account.id,
    action: 'update',
    ...(account.type === 'supplier' ? { supplierId: account.id } : {}),
    changes,
  });
}

/**
 * A supplier's own change of its account through update-user (its name, phone…), audited as update-supplier audits
 * the same fields (entity `supplier`): the supplier's trail shows every change of its business, whichever call made it.
 */
export async function recordSupplierChange(
  ctx: AppContext,
  tx: DbOrTx,
  actor: AuditActor,
  account: Account,
  fields: Record<string, unknown>,
): Promise<void> {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const before = Object.fromEntries(Object.keys(given).map((f) => [f, account[f as keyof Account] ?? null]));
  const changes = changesBetween(before, given);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(ctx, tx, actor, {
    entity: 'supplier',
    entityId: account.id,
    action: 'update',
    supplierId: account.id,
    changes,
  });
}

/** A suspension signs the account out everywhere at once (spec §6): its next call is anonymous. */
export async function afterAdminChange(ctx: AppContext, userId: string, flags: AdminFlags): Promise<void> {
  if (flags.blacklisted) await revokeSessions(ctx.db, userId);
}

/**
 * `DELETE /api/delete-user/{id}` (the admin): refused for an admin account and while a booking of the account (as
 * driver, or of a supplier's fleet) holds a car now or later; otherwise its personal data are erased, its bookings
 * kept anonymised, a supplier's cars leave the fleet (and search) at once.
 */
export async function deleteUser(ctx: AppContext, actor: Actor, userId: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.lockUser(tx, userId))) throw notFound();
    const account = (await repository.findLiveUser(tx, userId))!;
    if (account.type === 'admin') throw new AppError('CONFLICT', ADMIN_USERS_MESSAGES.deleteAdmin);
    const fleet = account.type === 'supplier' ? await lockSupplierFleet(ctx, tx, userId) : [];
    if (await repository.hasCurrentOrFutureBooking(tx, userId))
      throw new AppError('CONFLICT', ADMIN_USERS_MESSAGES.deleteBooked);
    await retireCars(ctx, tx, fleet);
    // A supplier's business name stays on its past bookings; a person's name goes.
    await repository.eraseAccount(tx, account, account.type === 'supplier');
    await recordAudit(ctx, tx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'delete',
      ...(account.type === 'supplier' ? { supplierId: userId } : {}),
      // Never the erased data: the trail says that it went, not what it was.
      changes: {
        deleted: { before: false, after: true },
        ...(fleet.length ? { cars: { before: fleet.length, after: 0 } } : {}),
      },
    });
  });
  return { _id: userId, deleted: true as const };
}
