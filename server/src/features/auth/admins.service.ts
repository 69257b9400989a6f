import { randomBytes } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { revokeSessions } from '#server/plugins/session.ts';
import { countAdmins, findUserByEmail, insertUser, type UserRow, updateUser } from './auth.repository.ts';
import { hashPassword } from './auth.service.ts';

// Admin accounts made outside the web app (issue #26): the first admin of an empty database, and a password reset
// from the shell for a locked-out operator.

export async function adminExists(_ctx: AppContext, tx: DbOrTx): Promise<boolean> {
  return (await countAdmins(tx)) > 0;
}

/** An active, verified admin. Written with `tx`, in the caller's transaction. */
export async function createAdmin(
  ctx: AppContext,
  tx: DbOrTx,
  admin: { email: string; fullName: string; password: string },
): Promise<UserRow> {
  return insertUser(tx, {
    type: 'admin',
    email: admin.email.trim(),
    fullName: admin.fullName.trim(),
    passwordHash: await hashPassword(admin.password),
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
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(chosen), blacklisted: false });
  await revokeSessions(ctx.db, user.id);
  return { password: chosen, user };
}
