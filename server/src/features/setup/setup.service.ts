import { randomBytes } from 'node:crypto';
import type { FirstAdmin, SetupStatus } from '@roam/contract/setup';
import { SETUP_MESSAGES } from '@roam/contract/setup';
import type { AppContext } from '#server/context.ts';
import { adminExists, createAdmin } from '#server/features/auth/admins.service.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { hashToken } from '#server/plugins/session.ts';
import { findOpenSetupToken, insertSetupToken, lockFirstAdmin, useSetupToken } from './setup.repository.ts';

// From an empty database to the first admin. On start, when no admin exists: ADMIN_EMAIL and its password
// create one; without them a one-time set-up link (24 hours, a new one at each start) opens the set-up screen.

export const SETUP_LINK_HOURS = 24;

export type FirstAdminOutcome =
  | { kind: 'ready' }
  | { kind: 'created'; email: string }
  | { kind: 'link'; url: string; expiresAt: Date };

export async function prepareFirstAdmin(ctx: AppContext): Promise<FirstAdminOutcome> {
  const { db, config } = ctx;
  if (await adminExists(ctx, db)) return { kind: 'ready' };
  if (config.firstAdmin) {
    const wanted = config.firstAdmin;
    const created = await db.transaction(async (tx) => {
      await lockFirstAdmin(tx);
      // Another process starting at the same time may have made it first.
      if (await adminExists(ctx, tx)) return false;
      try {
        // A driver's account with the address becomes the admin, with ADMIN_PASSWORD (createAdmin).
        await createAdmin(ctx, tx, { email: wanted.email, fullName: 'Administrator', password: wanted.password });
      } catch (error) {
        // The address belongs to a supplier's account: say so rather than crash.
        if (pgErrorCode(error) === '23505' || (error instanceof AppError && error.code === 'EMAIL_TAKEN'))
          throw new Error(`ADMIN_EMAIL ${wanted.email} belongs to an account that is not an admin`);
        throw error;
      }
      return true;
    });
    return created ? { kind: 'created', email: wanted.email } : { kind: 'ready' };
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + SETUP_LINK_HOURS * 3600_000);
  await insertSetupToken(db, hashToken(token), expiresAt);
  return { kind: 'link', url: `${config.PUBLIC_URL}/setup?t=${token}`, expiresAt };
}

export async function setupStatus(ctx: AppContext, token: string): Promise<SetupStatus> {
  if (await adminExists(ctx, ctx.db)) return { status: 'done' };
  const open = await findOpenSetupToken(ctx.db, hashToken(token), ctx.clock.now());
  return { status: open ? 'open' : 'expired' };
}

/** Creates the first admin through a set-up link: once, and only while no admin exists. */
export async function createFirstAdmin(ctx: AppContext, input: FirstAdmin): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    await lockFirstAdmin(tx);
    if (await adminExists(ctx, tx)) throw new AppError('CONFLICT', SETUP_MESSAGES.alreadyDone);
    if (!(await useSetupToken(tx, hashToken(input.token), ctx.clock.now())))
      throw new AppError('TOKEN_EXPIRED', SETUP_MESSAGES.linkExpired);
    return createAdmin(ctx, tx, input);
  });
}
