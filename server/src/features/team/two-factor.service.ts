import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '@roam/contract/team';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { getUser } from '#server/features/auth/auth.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { failureBudget } from '#server/plugins/rate-limit.ts';
import { revokeSessions, type SessionUser } from '#server/plugins/session.ts';
import { findMembership } from './team.repository.ts';
import * as totp from './totp.rules.ts';
import { rememberBrowser, remembered } from './trusted-browser.ts';
import * as repository from './two-factor.repository.ts';

// Two-step sign-in: enrolment with a QR code, ten recovery codes, the second step of a sign-in, and the
// admin's reset. Wrong codes are limited like passwords — per account and per address — and a code that was
// accepted is never accepted again (replay): the TOTP step is stored, a recovery code marked used, each atomically.

/** Wrong codes per account: a six-digit code cannot be guessed at 10 tries a quarter hour. */
export const CODE_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };
export const CODE_FAILURES_PER_IP = { max: 20, windowMs: 15 * 60_000 };

const incorrect = () => new AppError('INCORRECT_CODE', 'This code is not right, or was already used.');

function budgets(ctx: AppContext) {
  return {
    account: failureBudget(ctx.db, 'two-factor failures per account', CODE_FAILURES_PER_ACCOUNT),
    ip: failureBudget(ctx.db, 'two-factor failures per IP', CODE_FAILURES_PER_IP),
  };
}

/**
 * Checks a TOTP or a recovery code of `userId`'s enabled second factor, within the failure budgets (429 once spent):
 * a wrong one spends one of each and answers INCORRECT_CODE.
 */
export async function checkCode(ctx: AppContext, userId: string, code: string, ip: string): Promise<void> {
  const { account, ip: perIp } = budgets(ctx);
  await account.assertLeft(userId);
  await perIp.assertLeft(ip);
  if (await codeIsRight(ctx, userId, code)) return;
  await account.spend(userId);
  await perIp.spend(ip);
  throw incorrect();
}

async function codeIsRight(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const row = await repository.findTwoFactor(ctx.db, userId);
  if (!row?.enabledAt) return false;
  if (totp.isTotpCode(code)) {
    const step = await totp.matchingStep(row.secret, code.trim(), row.lastStep, ctx.clock.now());
    return step !== null && (await repository.useStep(ctx.db, userId, step));
  }
  return totp.isRecoveryCode(code) && repository.useRecoveryCode(ctx.db, userId, totp.recoveryCodeHash(code));
}

/**
 * The second step of a password sign-in, once the password was right: a suspended membership is refused; an account
 * with a second factor gives a code (401 TWO_FACTOR_REQUIRED without one), unless this browser was remembered.
 */
export async function secondStep(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  given: { code?: string | undefined; rememberBrowser: boolean },
): Promise<void> {
  const membership = await findMembership(ctx.db, userId);
  if (membership?.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
  const row = await repository.findTwoFactor(ctx.db, userId);
  if (!row?.enabledAt) return;
  if (remembered(request, userId, row.id, ctx.clock.now())) return;
  if (!given.code) throw new AppError('TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app.');
  await checkCode(ctx, userId, given.code, request.ip);
  if (given.rememberBrowser) rememberBrowser(ctx, reply, userId, row.id);
}

/** Sign-ins that cannot ask a code (a provider's token, an e-mailed link) are refused to an account that has one. */
export async function assertNoSecondFactor(ctx: AppContext, userId: string): Promise<void> {
  const row = await repository.findTwoFactor(ctx.db, userId);
  if (row?.enabledAt)
    throw new AppError('TWO_FACTOR_REQUIRED', 'Sign in with your password and the code from your authenticator app.');
}

export async function twoFactorStatus(ctx: AppContext, user: SessionUser): Promise<TwoFactorStatus> {
  const row = await repository.findTwoFactor(ctx.db, user.id);
  return {
    enabled: Boolean(row?.enabledAt),
    required: user.twoFactorRequired,
    recoveryCodesLeft: row?.enabledAt ? await repository.recoveryCodesLeft(ctx.db, user.id) : 0,
  };
}

/** `POST /api/two-factor/enrol`: a new secret, its QR code; nothing is on until a code confirms it. */
export async function beginEnrolment(ctx: AppContext, user: SessionUser): Promise<TwoFactorEnrolment> {
  const row = await repository.findTwoFactor(ctx.db, user.id);
  if (row?.enabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  const secret = totp.newSecret();
  await repository.startEnrolment(ctx.db, user.id, secret);
  const uri = totp.otpauthUri(secret, await siteName(ctx), user.email);
  return { secret, uri, qrSvg: totp.qrSvg(uri) };
}

async function issueRecoveryCodes(ctx: AppContext, userId: string, tx = ctx.db): Promise<RecoveryCodes> {
  const codes = totp.newRecoveryCodes();
  await repository.replaceRecoveryCodes(tx, userId, codes.map(totp.recoveryCodeHash));
  return { recoveryCodes: codes };
}

/** `POST /api/two-factor/confirm`: the first code turns it on; the ten recovery codes are shown this once. */
export async function confirmEnrolment(
  ctx: AppContext,
  user: SessionUser,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  const { account, ip: perIp } = budgets(ctx);
  await account.assertLeft(user.id);
  await perIp.assertLeft(ip);
  const row = await repository.findTwoFactor(ctx.db, user.id);
  if (!row) throw new AppError('CONFLICT', 'Start the set-up first.');
  if (row.enabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  const step = await totp.matchingStep(row.secret, code.trim(), null, ctx.clock.now());
  if (step === null) {
    await account.spend(user.id);
    await perIp.spend(ip);
    throw incorrect();
  }
  return ctx.db.transaction(async (tx) => {
    await repository.enable(tx, user.id, step);
    await recordAudit(ctx, tx, user, auditOf(user.id, false, true));
    return issueRecoveryCodes(ctx, user.id, tx);
  });
}

const auditOf = (userId: string, before: boolean, after: boolean) => ({
  entity: 'user' as const,
  entityId: userId,
  action: 'update' as const,
  changes: { twoFactor: { before, after } },
});

/** `POST /api/two-factor/recovery-codes`: ten new codes (the old ones stop working), after a current code. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  user: SessionUser,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  await checkCode(ctx, user.id, code, ip);
  return issueRecoveryCodes(ctx, user.id);
}

/**
 * `POST /api/two-factor/disable`: with a current code or a recovery code (proof of the factor itself, not only of the
 * password); refused while the person's team requires it.
 */
export async function disableTwoFactor(ctx: AppContext, user: SessionUser, code: string, ip: string): Promise<void> {
  if (user.twoFactorRequired) throw new AppError('CONFLICT', 'Your team requires two-step sign-in.');
  await checkCode(ctx, user.id, code, ip);
  await ctx.db.transaction(async (tx) => {
    await repository.removeTwoFactor(tx, user.id);
    await recordAudit(ctx, tx, user, auditOf(user.id, true, false));
  });
}

/**
 * The admin's reset of someone who lost their phone and their codes (console, or `npm run admin -- reset-2fa`):
 * the second factor is removed, remembered browsers forgotten, sessions ended. `actor` null: the command line.
 */
export async function resetTwoFactor(ctx: AppContext, actor: SessionUser | null, userId: string): Promise<void> {
  await getUser(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    await repository.removeTwoFactor(tx, userId);
    if (actor)
      await recordAudit(ctx, tx, actor, { ...auditOf(userId, true, false), action: 'resetTwoFactor' as const });
  });
  await revokeSessions(ctx.db, userId);
}
