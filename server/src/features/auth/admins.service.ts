import { randomBytes } from 'node:crypto';
import { SETUP_MESSAGES } from '@roam/contract/setup';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { revokeSessions } from '#server/plugins/session.ts';
import { countAdmins, deleteTokens, findUserByEmail, insertUser, type UserRow, updateUser } from './auth.repository.ts';
import { hashPassword } from './auth.service.ts';

// Admin accounts made outside the web app: the first admin of an empty database, and a password reset
// from the shell for a locked-out operator.

export async function adminExists(_ctx: AppContext, tx: DbOrTx): Promise<boolean> {
  return (await countAdmins(tx)) > 0;
}

const FIRST_ADMIN_TAKEN = SETUP_MESSAGES.emailIsSupplier;

/**
 * An active, verified admin. Written with `tx`, in the caller's transaction. A driver's account with the address
 * (second outside audit, item 17: a visitor signed up with the owner's e-mail before the set-up, and the set-up
 * answered 500) becomes the admin: the caller proved the deployment is theirs (the set-up link), so the account takes
 * the set-up's name and password, and everything that let anyone else in — its sessions, its unused links — is
 * removed. A supplier's account is a business with its cars and bookings: refused, saying so.
 */
export async function createAdmin(
  ctx: AppContext,
  tx: DbOrTx,
  admin: { email: string; fullName: string; password: string },
): Promise<UserRow> {
  const existing = await findUserByEmail(tx, admin.email.trim());
  if (existing && existing.type !== 'user')
    throw new AppError('EMAIL_TAKEN', FIRST_ADMIN_TAKEN, { email: [FIRST_ADMIN_TAKEN] });
  if (existing) {
    await updateUser(tx, existing.id, {
      type: 'admin',
      fullName: admin.fullName.trim(),
      passwordHash: await hashPassword(admin.password, ctx.config.PASSWORD_HASH_COST),
      verified: true,
      verifiedAt: existing.verifiedAt ?? ctx.clock.now(),
      blacklisted: false,
    });
    await revokeSessions(tx, existing.id);
    await deleteTokens(tx, existing.id);
    return (await findUserByEmail(tx, admin.email.trim()))!;
  }
  return insertUser(tx, {
    type: 'admin',
    email: admin.email.trim(),
    fullName: admin.fullName.trim(),
    passwordHash: await hashPassword(admin.password, ctx.config.PASSWORD_HASH_COST),
    language: ctx.config.DEFAULT_LANGUAGE,
    verified: true,
    verifiedAt: ctx.clock.now(),
  });
}

/**
 * Sets a new password on an admin account and signs it out everywhere; a random one when none is given (the
 * command prints it once, to the terminal, never to a log). Suspension is lifted: a locked-out operator is let in.
 */
export async function resetAdminPassword(
  ctx: AppContext,
  email: string,
  password?: string,
): Promise<{ password: string; user: UserRow }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.type !== 'admin') throw new AppError('NOT_FOUND', `No admin account has the address ${email}.`);
  const chosen = password ?? randomBytes(18).toString('base64url');
  await updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(chosen, ctx.config.PASSWORD_HASH_COST),
    blacklisted: false,
  });
  await revokeSessions(ctx.db, user.id);
  return { password: chosen, user };
}
