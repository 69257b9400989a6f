import { randomBytes } from 'node:crypto';
import { type Activate, AUTH_MESSAGES, type ChangePassword, type SignUp } from '@roam/contract/auth';
import { LanguageSchema } from '@roam/contract/languages.schema';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { isRecaptchaOn, passesRecaptcha, verifyRecaptcha } from '#server/lib/recaptcha.ts';
import { sendingAllowance } from '#server/plugins/rate-limit.ts';
import { hashToken, revokeSessions, type SessionUser } from '#server/plugins/session.ts';
import { accountLinkMail } from './account.mail.ts';
import {
  consumeToken,
  deleteTokens,
  deleteUser,
  findUnusedToken,
  findUserByEmail,
  findUserById,
  insertToken,
  insertUser,
  type NewUserRow,
  type TokenPurpose,
  type UserRow,
  updateUser,
} from './auth.repository.ts';
import { getUser, hashPassword, verifyPassword } from './auth.service.ts';

// Sign-up, activation and password links, password changes (spec §4–§5, §7; docs/architecture.md §5: links expire after
// one day and work once; the token is stored hashed).

const LINK_VALIDITY_MS = 24 * 3600 * 1000;
const SENDING_FAILED = 'An error occurred while sending validation email.';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * A fresh one-time account link (older unused ones of the same purpose stop working), valid one day, its token
 * stored hashed. Written with `tx`: checkout creates a guest account and its link in the booking's transaction.
 */
async function createAccountLink(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; email: string; language: string },
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deleteTokens(tx, user.id, purpose);
  await insertToken(tx, {
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_VALIDITY_MS),
  });
  const screen = purpose === 'activate' ? 'activate' : 'reset-password';
  // `l`: the screen opens in the e-mail's language, whichever browser opens it.
  const l = LanguageSchema.catch('en').parse(user.language);
  return `${ctx.config.PUBLIC_URL}/${screen}?${new URLSearchParams({ u: user.id, e: user.email, t: token, l })}`;
}

/** Creates a fresh one-time link and e-mails it. */
async function sendAccountLink(ctx: AppContext, user: UserRow, purpose: TokenPurpose): Promise<void> {
  await mailAccountLink(ctx, user, purpose, await createAccountLink(ctx, ctx.db, user, purpose));
}

async function mailAccountLink(
  ctx: AppContext,
  user: UserRow,
  purpose: TokenPurpose | 'invite' | 'member',
  link: string,
  team?: string,
) {
  // Without SMTP nobody receives the message: whoever runs `npm start` reads the link in the log. Never in
  // production, where a link is a live credential and log lines travel: the outbox alone holds it.
  if (!ctx.config.SMTP_URL && ctx.config.NODE_ENV !== 'production') {
    ctx.log.info({ to: user.email, link }, `${purpose} link (no SMTP_URL)`);
  }
  await ctx.mailer.send(
    accountLinkMail({
      kind: purpose,
      language: user.language,
      to: user.email,
      fullName: user.fullName,
      link,
      websiteName: await siteName(ctx),
      ...(team ? { team } : {}),
    }),
  );
}

/** `verify-recaptcha/{token}/{ip}`: 404 when reCAPTCHA is off, 400 'reCAPTCHA error' when the provider refuses. */
export async function checkRecaptchaToken(ctx: AppContext, token: string, ip: string): Promise<void> {
  if (!isRecaptchaOn(ctx.config)) throw new AppError('NOT_FOUND', 'reCAPTCHA is not configured.');
  if (!(await verifyRecaptcha(ctx.config, token, ip))) throw new AppError('BAD_REQUEST', 'reCAPTCHA error');
}

async function checkRecaptcha(ctx: AppContext, token: string | undefined, ip: string): Promise<void> {
  if (!(await passesRecaptcha(ctx.config, token, ip))) {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.recaptchaError, {
      recaptchaToken: [AUTH_MESSAGES.recaptchaError],
    });
  }
}

const emailTaken = () => new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });

/**
 * An account a guest checkout made and nobody has completed: a driver without a password, never
 * activated. Signing up with its e-mail completes it through the mailbox; any other account keeps 'already registered'.
 */
const isGuestAccount = (user: UserRow) =>
  user.type === 'user' && !user.passwordHash && !user.verified && !user.blacklisted;

/** What sign-up did: a new account (signed in), or a guest's account whose activation link was e-mailed. */
export type SignUpResult = { kind: 'created'; user: UserRow } | { kind: 'pendingActivation' };

/**
 * A new, unverified driver account, and its activation e-mail. If the e-mail cannot go out, nothing is kept. With a
 * guest checkout's e-mail the guest's activation link is e-mailed again (in the account's own
 * language); the guest chooses a password on its screen and then finds their bookings in /bookings.
 */
/**
 * Activation links a sign-up re-sends to one guest's address in an hour, whatever the callers' addresses (second
 * outside audit, item 15): the owner needs one; more would let anyone flood that inbox from many addresses.
 */
const GUEST_LINKS_PER_EMAIL = { max: 3, windowMs: 3600_000 };

export async function signUp(ctx: AppContext, input: SignUp, ip: string): Promise<SignUpResult> {
  await checkRecaptcha(ctx, input.recaptchaToken, ip);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && isGuestAccount(existing)) {
    // The same answer whether it sent the link or its allowance was spent: the caller learns nothing more.
    const allowance = sendingAllowance(ctx.db, 'guest activation links per e-mail', GUEST_LINKS_PER_EMAIL);
    if (!(await allowance.take(existing.email.toLowerCase()))) return { kind: 'pendingActivation' };
    // Nothing of the form is kept, not even the password: whoever opens the e-mailed link chooses it there, so only
    // the mailbox's owner completes the account. A stranger who knows the address gets a link sent to its owner.
    try {
      await sendAccountLink(ctx, existing, 'activate');
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.signUpError);
    }
    return { kind: 'pendingActivation' };
  }
  if (existing) throw emailTaken();
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
      type: 'user',
      email: input.email,
      fullName: input.fullName,
      phone: input.phone,
      birthDate: input.birthDate,
      language: input.language,
      passwordHash: await hashPassword(input.password, ctx.config.PASSWORD_HASH_COST),
      verified: false,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  try {
    await sendAccountLink(ctx, user, 'activate');
  } catch {
    await deleteUser(ctx.db, user.id);
    throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.signUpError);
  }
  return { kind: 'created', user };
}

/** What the admin gives of an account they create for someone else (a supplier). */
export type InvitedAccount = Pick<
  NewUserRow,
  | 'type'
  | 'email'
  | 'fullName'
  | 'language'
  | 'phone'
  | 'contactEmail'
  | 'payLater'
  | 'licenseRequired'
  | 'priceChangeRate'
  | 'legalName'
  | 'legalAddress'
  | 'vatNumber'
>;

/**
 * An account the admin creates: no password, verified by the invitation itself — its one-time link
 * (the activation machinery: `/activate` asks the password of an account that has none) is e-mailed by
 * `sendInvitation` after `tx` commits. An address already registered is refused as at sign-up.
 */
export async function createInvitedAccount(
  ctx: AppContext,
  tx: DbOrTx,
  values: InvitedAccount,
): Promise<{ user: UserRow; link: string }> {
  if (await findUserByEmail(tx, values.email)) throw emailTaken();
  try {
    const user = await insertUser(tx, { ...values, passwordHash: null, verified: false });
    return { user, link: await createAccountLink(ctx, tx, user, 'activate') };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** E-mails the invitation of `createInvitedAccount` (in the account's language; kept in the outbox until sent). */
export async function sendInvitation(
  ctx: AppContext,
  invited: { user: UserRow; link: string },
  team?: string,
): Promise<void> {
  await mailAccountLink(ctx, invited.user, team === undefined ? 'invite' : 'member', invited.link, team);
}

/**
 * A new invitation for an account that has not chosen its password yet (the admin's resend): the
 * earlier link stops working, the new one is e-mailed. An account already in use is refused.
 */
export async function reinviteAccount(ctx: AppContext, userId: string, team?: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  if (user.verified || user.passwordHash) throw new AppError('CONFLICT', 'This account is already in use.');
  const link = await ctx.db.transaction((tx) => createAccountLink(ctx, tx, user, 'activate'));
  await sendInvitation(ctx, { user, link }, team);
}

export async function isEmailRegistered(ctx: AppContext, email: string): Promise<boolean> {
  return (await findUserByEmail(ctx.db, email)) !== undefined;
}

/**
 * A driver's account by id or exact e-mail, else null (the operator books for an existing driver;
 * an exact address only, never a search).
 */
export async function findDriverAccount(ctx: AppContext, key: { id: string } | { email: string }) {
  const user = 'id' in key ? await findUserById(ctx.db, key.id) : await findUserByEmail(ctx.db, key.email);
  return user?.type === 'user' ? user : null;
}

/** 409 when registered; for a sign-up, a guest checkout's account is free to complete. */
export async function isEmailFree(ctx: AppContext, email: string, forSignUp = false): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !(forSignUp && isGuestAccount(user))) throw emailTaken();
}

export type GuestAccount = { fullName: string; email: string; phone: string; birthDate: string; language: string };

/**
 * The account a guest checkout creates: an unverified driver without a password, and its activation
 * link. Written with the booking's transaction `tx`: the booking, the account and the link commit together.
 */
export async function createGuestAccount(
  ctx: AppContext,
  tx: DbOrTx,
  guest: GuestAccount,
): Promise<{ id: string; activationLink: string }> {
  const user = await insertUser(tx, { type: 'user', verified: false, passwordHash: null, ...guest });
  return { id: user.id, activationLink: await createAccountLink(ctx, tx, user, 'activate') };
}

const linkExpired = () => new AppError('TOKEN_EXPIRED', AUTH_MESSAGES.linkExpired);

/** A link that can still be used: its user, e-mail and token match, unused and not expired. */
async function usableToken(ctx: AppContext, userId: string, token: string, email?: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || (email !== undefined && user.email.toLowerCase() !== email.trim().toLowerCase())) throw linkExpired();
  const row = await findUnusedToken(ctx.db, userId, hashToken(token));
  if (!row || row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw linkExpired();
  return { user, row };
}

export async function checkToken(ctx: AppContext, userId: string, email: string, token: string) {
  const { user, row } = await usableToken(ctx, userId, token, email);
  return { purpose: row.purpose, needsPassword: row.purpose === 'reset' || !user.passwordHash };
}

/**
 * Uses an activation or reset link: the account is verified (the e-mail is proven either way), and the password set
 * when the link is a reset or the account has none (made at guest checkout). A new password revokes every session.
 */
export async function activate(ctx: AppContext, input: Activate): Promise<UserRow> {
  const { db } = ctx;
  const { user, row } = await usableToken(ctx, input.userId, input.token);
  const needsPassword = row.purpose === 'reset' || !user.passwordHash;
  if (needsPassword && !input.password) {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.passwordTooShort, {
      password: [AUTH_MESSAGES.passwordTooShort],
    });
  }
  if (!(await consumeToken(db, row.id))) throw linkExpired();
  const passwordHash =
    needsPassword && input.password ? await hashPassword(input.password, ctx.config.PASSWORD_HASH_COST) : undefined;
  await updateUser(db, user.id, {
    verified: true,
    verifiedAt: user.verifiedAt ?? new Date(),
    ...(passwordHash ? { passwordHash } : {}),
  });
  if (passwordHash) await revokeSessions(db, user.id);
  return (await findUserById(db, user.id))!;
}

/**
 * An account the admin created (a supplier) whose owner has not chosen a password yet: its activation
 * link is the admin's invitation, renewed by the admin only.
 */
const isPendingInvitation = (user: UserRow) => user.type !== 'user' && !user.passwordHash && !user.verified;

/**
 * `resend/{appType}/{email}/{reset}`: a new activation link, or a password-reset link (forgot password). A pending
 * invitation is left alone (second outside audit, item 13: anyone could make the admin's link die): the answer is the
 * same as for any account, nothing is sent or changed; its owner uses the invitation, or asks for a reset link.
 */
export async function resend(ctx: AppContext, email: string, reset: boolean): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    throw new AppError('NOT_FOUND', AUTH_MESSAGES.emailNotRegistered, { email: [AUTH_MESSAGES.emailNotRegistered] });
  }
  if (user.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', AUTH_MESSAGES.suspended);
  if (!reset && user.verified) throw new AppError('CONFLICT', 'Your account is already activated.');
  if (!reset && isPendingInvitation(user)) return;
  await sendOrFail(ctx, user, reset ? 'reset' : 'activate');
}

/** `resend-link`: the signed-in, unverified user's activation link again. */
export async function resendLink(ctx: AppContext, user: SessionUser): Promise<void> {
  if (user.verified) throw new AppError('CONFLICT', 'Your account is already activated.');
  await sendOrFail(ctx, user, 'activate');
}

async function sendOrFail(ctx: AppContext, user: UserRow, purpose: TokenPurpose) {
  try {
    await sendAccountLink(ctx, user, purpose);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', SENDING_FAILED);
  }
}

export async function removeTokens(ctx: AppContext, userId: string): Promise<void> {
  await deleteTokens(ctx.db, userId);
}

const wrongPassword = (field: string) =>
  new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongPassword, { [field]: [AUTH_MESSAGES.wrongPassword] });

export async function checkPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const user = await getUser(ctx, userId);
  if (!(await verifyPassword(user.passwordHash, password, ctx.config.PASSWORD_HASH_COST)))
    throw wrongPassword('password');
}

export async function hasPassword(ctx: AppContext, userId: string): Promise<boolean> {
  return Boolean((await getUser(ctx, userId)).passwordHash);
}

/**
 * Changes a password. The account's own user must give the current one when there is one (social accounts have
 * none); an admin resetting someone else's need not. Every other session of the account is revoked.
 */
export async function changePassword(
  ctx: AppContext,
  actor: SessionUser,
  input: ChangePassword,
  currentSessionHash: string | null,
): Promise<void> {
  const { db } = ctx;
  const user = await getUser(ctx, input.userId);
  const self = actor.id === user.id;
  if (user.passwordHash && self) {
    if (
      !input.currentPassword ||
      !(await verifyPassword(user.passwordHash, input.currentPassword, ctx.config.PASSWORD_HASH_COST))
    ) {
      throw wrongPassword('currentPassword');
    }
  }
  if (
    user.passwordHash &&
    (await verifyPassword(user.passwordHash, input.newPassword, ctx.config.PASSWORD_HASH_COST))
  ) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.chooseNewPassword, {
      newPassword: [AUTH_MESSAGES.chooseNewPassword],
    });
  }
  await updateUser(db, user.id, { passwordHash: await hashPassword(input.newPassword, ctx.config.PASSWORD_HASH_COST) });
  await revokeSessions(db, user.id, self ? currentSessionHash : null);
}
