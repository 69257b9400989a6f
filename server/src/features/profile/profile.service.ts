import type { LicenseFile, UpdateUserFields } from '@roam/contract/profile';
import { roleMay } from '@roam/contract/team';
import type { User } from '@roam/contract/users';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { getUser, toUser, updateAccount } from '#server/features/auth/auth.service.ts';
import {
  afterAdminChange,
  checkAdminFlags,
  recordAdminChange,
  recordSupplierChange,
} from '#server/features/users/users.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { prepareAvatar, prepareLicense } from '#server/lib/upload-validation.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { accountAsSessionUser, isPlatform } from '#server/plugins/session-user.ts';
import { licenceWindow } from './licence-access.rules.ts';
import {
  claimFile,
  deleteFiles,
  deleteFileUnlessBooked,
  deleteTemporaryFile,
  deleteTemporaryFilesBefore,
  type FileRow,
  findFile,
  findFileInfo,
  insertFile,
  supplierHasBookingWithLicense,
  userFileIds,
} from './profile.repository.ts';

// Profile rules (spec §3 User, §7 profile calls, docs/architecture.md §5 Files). Ownership of `{userId}` is checked by the
// routes (requireSelfOrAdmin) before any of these run.

/** A guest's licence upload lives this long unless checkout attaches it to a booking. */
export const TEMPORARY_LICENSE_TTL_MS = 24 * 3600 * 1000;

const notFound = () => new AppError('NOT_FOUND', 'Not found.');

/**
 * `update-user`: the profile fields, and the admin's flags (verified, suspended); never the e-mail address
 * or the type. Only the fields the call carries change: absent is left alone, null clears. The
 * flags are checked before anything is written; an admin's change is audited in its transaction, and a suspension
 * signs the account out everywhere.
 */
export async function updateProfile(ctx: AppContext, actor: SessionUser, input: UpdateUserFields): Promise<User> {
  const { _id: userId, verified, blacklisted, ...fields } = input;
  const account = accountAsSessionUser(await getUser(ctx, userId));
  const flags = checkAdminFlags(actor, account, { verified, blacklisted });
  await ctx.db.transaction(async (tx) => {
    await updateAccount(ctx, tx, userId, fields);
    if (isPlatform(actor)) await recordAdminChange(ctx, tx, actor, account, fields, flags);
    // A supplier's name and phone are its business's, as in update-supplier: audited the same way (second audit).
    // A member's own account is no business: its changes are their own.
    else if (account.type === 'supplier' && actor.businessId === account.id)
      await recordSupplierChange(ctx, tx, actor, account, fields);
  });
  await afterAdminChange(ctx, userId, flags);
  return toUser(await getUser(ctx, userId));
}

export async function setEmailNotifications(ctx: AppContext, userId: string, enabled: boolean): Promise<User> {
  await getUser(ctx, userId);
  await updateAccount(ctx, ctx.db, userId, { enableEmailNotifications: enabled });
  return toUser(await getUser(ctx, userId));
}

export async function setAvatar(ctx: AppContext, userId: string, upload: Buffer): Promise<User> {
  await getUser(ctx, userId);
  const image = await prepareAvatar(upload);
  await ctx.db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    const file = await insertFile(tx, { kind: 'avatar', ownerId: userId, ...image });
    await updateAccount(ctx, tx, userId, { avatarFileId: file.id });
    if (previous?.avatarFileId) await deleteFiles(tx, [previous.avatarFileId]);
  });
  return toUser(await getUser(ctx, userId));
}

export async function removeAvatar(ctx: AppContext, userId: string): Promise<User> {
  await getUser(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    await updateAccount(ctx, tx, userId, { avatarFileId: null });
    if (previous?.avatarFileId) await deleteFiles(tx, [previous.avatarFileId]);
  });
  return toUser(await getUser(ctx, userId));
}

const toLicenseFile = (row: Pick<FileRow, 'id' | 'contentType' | 'size' | 'temporary' | 'createdAt'>): LicenseFile => ({
  _id: row.id,
  contentType: row.contentType,
  size: row.size,
  temporary: row.temporary,
  createdAt: row.createdAt.toISOString(),
});

/**
 * `create-license` / `update-license`: for a user, the new licence replaces the previous one; for a guest at
 * checkout (`owner` is their browser's guest token hash) it is stored as a temporary file without owner, for checkout
 * to attach.
 */
export async function storeLicense(
  ctx: AppContext,
  owner: { userId: string } | { guestTokenHash: string },
  upload: Buffer,
): Promise<LicenseFile> {
  const prepared = await prepareLicense(upload);
  if ('guestTokenHash' in owner) {
    const { guestTokenHash } = owner;
    return toLicenseFile(
      await insertFile(ctx.db, { kind: 'license', ownerId: null, temporary: true, guestTokenHash, ...prepared }),
    );
  }
  const { userId } = owner;
  await getUser(ctx, userId);
  const file = await ctx.db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    const row = await insertFile(tx, { kind: 'license', ownerId: userId, ...prepared });
    await updateAccount(ctx, tx, userId, { licenseFileId: row.id });
    // A licence a booking refers to stays (the booking keeps its copy; ON DELETE SET NULL would lose it).
    if (previous?.licenseFileId) await deleteFileUnlessBooked(tx, previous.licenseFileId);
    return row;
  });
  return toLicenseFile(file);
}

export async function removeLicense(ctx: AppContext, userId: string): Promise<void> {
  await getUser(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    await updateAccount(ctx, tx, userId, { licenseFileId: null });
    if (previous?.licenseFileId) await deleteFileUnlessBooked(tx, previous.licenseFileId);
  });
}

/**
 * Whether a booking of this driver (null: a guest) may carry the licence file: the driver's own, or a temporary
 * upload from the same browser (`guestTokenHash`) — never someone else's upload.
 */
export async function isUsableLicense(
  ctx: AppContext,
  fileId: string,
  driverId: string | null,
  guestTokenHash: string | null,
): Promise<boolean> {
  const file = await findFileInfo(ctx.db, fileId);
  if (file?.kind !== 'license') return false;
  if (file.temporary) return guestTokenHash !== null && file.guestTokenHash === guestTokenHash;
  return driverId !== null && file.ownerId === driverId;
}

/** A guest's temporary licence becomes the new account's, in the booking's transaction `tx` (checkout). */
export async function attachGuestLicense(ctx: AppContext, tx: DbOrTx, fileId: string, userId: string): Promise<void> {
  await claimFile(tx, fileId, userId);
  await updateAccount(ctx, tx, userId, { licenseFileId: fileId });
}

/**
 * `delete-temp-license/{file}`: only a temporary (never attached) licence, and only from the browser that uploaded it
 * (its guest token); to anyone else it does not exist. Attached licences are never deleted here.
 */
export async function removeTemporaryLicense(
  ctx: AppContext,
  fileId: string,
  guestTokenHash: string | null,
): Promise<void> {
  if (guestTokenHash === null || !(await deleteTemporaryFile(ctx.db, fileId, guestTokenHash))) throw notFound();
}

export async function userLicense(ctx: AppContext, userId: string): Promise<LicenseFile | null> {
  const row = await getUser(ctx, userId);
  if (!row.licenseFileId) return null;
  const info = await findFileInfo(ctx.db, row.licenseFileId);
  return info ? toLicenseFile(info) : null;
}

/**
 * Who may read a licence (docs/architecture.md §5 "Files": licences are private): its owner, an admin, or the
 * supplier of a booking of that driver (or carrying this licence) that the driver made or confirmed, from
 * LICENCE_ACCESS_BEFORE_PICKUP_HOURS before its pick-up to LICENCE_RETENTION_DAYS after its drop-off
 * (licence-access.rules.ts). Everyone else gets 404, as if it did not exist.
 */
async function licenseReadable(
  ctx: AppContext,
  viewer: Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId'>,
  file: { id: string; kind: string; ownerId: string | null },
): Promise<boolean> {
  if (file.kind !== 'license') return false;
  if (isPlatform(viewer)) return true;
  if (file.ownerId !== null && file.ownerId === viewer.id) return true;
  // A member of the business reads it with the bookings' permission (docs/decisions/0010-members-of-a-business.md).
  return (
    viewer.businessId !== null &&
    roleMay(viewer.role, 'bookings.read') &&
    supplierHasBookingWithLicense(ctx.db, viewer.businessId, file.id, file.ownerId, licenceWindow(ctx.clock.now()))
  );
}

/** Whether `viewer` may read the licence `fileId` (the rule of `GET /api/license/{id}`, for screens that link it). */
export async function mayReadLicense(
  ctx: AppContext,
  viewer: Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId'>,
  fileId: string,
) {
  const file = await findFileInfo(ctx.db, fileId);
  return file != null && (await licenseReadable(ctx, viewer, file));
}

/** `GET /api/license/{id}`: the licence to whom `licenseReadable` allows it; to everyone else 404, as if none. */
export async function readLicense(ctx: AppContext, viewer: SessionUser, fileId: string): Promise<FileRow> {
  const file = await findFile(ctx.db, fileId);
  if (!file || !(await licenseReadable(ctx, viewer, file))) throw notFound();
  return file;
}

/** Deletes guests' licences not attached within 24 hours; called by the periodic sweep and by tests. */
export function sweepTemporaryLicenses(ctx: AppContext): Promise<number> {
  return deleteTemporaryFilesBefore(ctx.db, new Date(ctx.clock.now().getTime() - TEMPORARY_LICENSE_TTL_MS));
}
