import type { User } from '@roam/contract/users';
import argon2 from 'argon2';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findUserByEmail, findUserById, type NewUserRow, type UserRow, updateUser } from './auth.repository.ts';

// Account rules (spec §4–§6, docs/architecture.md §4–§5). No Fastify here: routes map requests to these calls.

export const INCORRECT_CREDENTIALS = 'Incorrect email or password.';
export const SUSPENDED = 'Your account is suspended.';

/** The public shape of a user (spec §3): never the password hash; the avatar as a URL of the files call. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    type: row.type,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    location: row.location,
    bio: row.bio,
    birthDate: row.birthDate,
    avatar: row.avatarFileId ? `/api/files/${row.avatarFileId}` : null,
    language: row.language as User['language'],
    enableEmailNotifications: row.enableEmailNotifications,
    blacklisted: row.blacklisted,
    verified: row.verified,
  };
}

/**
 * argon2id's cost (PASSWORD_HASH_COST, docs/architecture.md §4). `production`, the default: argon2's own defaults,
 * 64 MiB, 3 passes, 4 lanes, deliberately slow (~0.2 s a hash). `low`: 1 MiB, 1 pass, 1 lane, for the test suites,
 * whose subject is seldom the hashing (their thousands of sign-ins waited ~0.2 s each); NODE_ENV=production refuses
 * it (config.ts). A hash records its own cost, so verifying needs no setting: a `low` hash is never made in production.
 */
export const PASSWORD_COSTS = {
  production: { memoryCost: 65_536, timeCost: 3, parallelism: 4 },
  low: { memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordCost = keyof typeof PASSWORD_COSTS;

export const hashPassword = (password: string, cost: PasswordCost) =>
  argon2.hash(password, { type: argon2.argon2id, ...PASSWORD_COSTS[cost] });

// Verifying against a real hash when the account does not exist keeps the answer time the same, so the timing of
// a sign-in does not tell whether an e-mail address is registered: the dummy hash is made at the configured cost.
const dummyHashes = new Map<PasswordCost, Promise<string>>();
const getDummyHash = (cost: PasswordCost) => {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('not-a-real-password-only-for-timing', cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
};

export async function verifyPassword(hash: string | null, password: string, cost: PasswordCost): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await getDummyHash(cost), password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/**
 * Sign-in with e-mail and password. Unverified accounts may sign in (they see the activation banner); suspended
 * ones are refused — only once the password is right, so the answer reveals nothing to someone guessing.
 */
export async function signIn(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password, ctx.config.PASSWORD_HASH_COST);
  if (!user || !ok) throw new AppError('INCORRECT_CREDENTIALS', INCORRECT_CREDENTIALS);
  if (user.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', SUSPENDED);
  return user;
}

/** The account of an id; NOT_FOUND when there is none. Other features read accounts through this. */
export async function getUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Not found.');
  return user;
}

/** What other features may change on an account: its profile, preferences and files, never its e-mail or type. */
export type AccountFields = Partial<
  Pick<
    NewUserRow,
    | 'fullName'
    | 'phone'
    | 'location'
    | 'bio'
    | 'birthDate'
    | 'language'
    | 'enableEmailNotifications'
    | 'avatarFileId'
    | 'licenseFileId'
  >
>;

/**
 * Changes those fields of an account. Written with `tx`, so a caller's own change (a new avatar file, a licence)
 * commits together with the account's reference to it; pass `ctx.db` outside a transaction.
 */
export async function updateAccount(
  _ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  fields: AccountFields,
): Promise<void> {
  await updateUser(tx, userId, fields);
}

/** `update-language`: e-mails go out in it. */
export async function setLanguage(ctx: AppContext, userId: string, language: string): Promise<void> {
  await updateUser(ctx.db, userId, { language });
}
