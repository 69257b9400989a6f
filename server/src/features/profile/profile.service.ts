import type { LicenseFile, UpdateUser } from '@roam/contract/profile';
import type { User } from '@roam/contract/users';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { prepareAvatar, prepareLicense } from '../../lib/upload-validation.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findUserById, updateUser } from '../auth/auth.repository.ts';
import { toUser } from '../auth/auth.service.ts';
import {
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

// Profile rules (spec §3 User, §7 profile calls, ARCHITECTURE §5 Files). Ownership of `{userId}` is checked by the
// routes (requireSelfOrAdmin) before any of these run.

/** A guest's licence upload lives this long unless checkout attaches it to a booking (issue #6). */
export const TEMPORARY_LICENSE_TTL_MS = 24 * 3600 * 1000;

const notFound = () => new AppError('NOT_FOUND', 'Not found.');

async function userOrNotFound(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound();
  return row;
}

type ProfileFields = Omit<Extract<UpdateUser, object>, '_id'> & { _id: string };

/** `update-user`: the profile fields only; the e-mail address, type and flags are not changed here. */
export async function updateProfile(db: Db, input: ProfileFields): Promise<User> {
  await userOrNotFound(db, input._id);
  await updateUser(db, input._id, {
    fullName: input.fullName,
    phone: input.phone ?? null,
    location: input.location ?? null,
    bio: input.bio ?? null,
    birthDate: input.birthDate ?? null,
  });
  return toUser(await userOrNotFound(db, input._id));
}

export async function setEmailNotifications(db: Db, userId: string, enabled: boolean): Promise<User> {
  await userOrNotFound(db, userId);
  await updateUser(db, userId, { enableEmailNotifications: enabled });
  return toUser(await userOrNotFound(db, userId));
}

export async function setAvatar(db: Db, userId: string, upload: Buffer): Promise<User> {
  await userOrNotFound(db, userId);
  const image = await prepareAvatar(upload);
  await db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    const file = await insertFile(tx, { kind: 'avatar', ownerId: userId, ...image });
    await updateUser(tx, userId, { avatarFileId: file.id });
    if (previous?.avatarFileId) await deleteFiles(tx, [previous.avatarFileId]);
  });
  return toUser(await userOrNotFound(db, userId));
}

export async function removeAvatar(db: Db, userId: string): Promise<User> {
  await userOrNotFound(db, userId);
  await db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    await updateUser(tx, userId, { avatarFileId: null });
    if (previous?.avatarFileId) await deleteFiles(tx, [previous.avatarFileId]);
  });
  return toUser(await userOrNotFound(db, userId));
}

const toLicenseFile = (row: Pick<FileRow, 'id' | 'contentType' | 'size' | 'temporary' | 'createdAt'>): LicenseFile => ({
  _id: row.id,
  contentType: row.contentType,
  size: row.size,
  temporary: row.temporary,
  createdAt: row.createdAt.toISOString(),
});

/**
 * `create-license` / `update-license`: for a user, the new licence replaces the previous one; for a guest (userId
 * null, at checkout) it is stored as a temporary file without owner, for checkout to attach.
 */
export async function storeLicense(db: Db, userId: string | null, upload: Buffer): Promise<LicenseFile> {
  const prepared = await prepareLicense(upload);
  if (userId === null) {
    return toLicenseFile(await insertFile(db, { kind: 'license', ownerId: null, temporary: true, ...prepared }));
  }
  await userOrNotFound(db, userId);
  const file = await db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    const row = await insertFile(tx, { kind: 'license', ownerId: userId, ...prepared });
    await updateUser(tx, userId, { licenseFileId: row.id });
    // A licence a booking refers to stays (the booking keeps its copy; ON DELETE SET NULL would lose it).
    if (previous?.licenseFileId) await deleteFileUnlessBooked(tx, previous.licenseFileId);
    return row;
  });
  return toLicenseFile(file);
}

export async function removeLicense(db: Db, userId: string): Promise<void> {
  await userOrNotFound(db, userId);
  await db.transaction(async (tx) => {
    const previous = await userFileIds(tx, userId);
    await updateUser(tx, userId, { licenseFileId: null });
    if (previous?.licenseFileId) await deleteFileUnlessBooked(tx, previous.licenseFileId);
  });
}

/**
 * `delete-temp-license/{file}`: only a temporary (never attached) licence. Who may: whoever holds its id — the id is a
 * random UUID that only the uploader received (guests have no session to check), and a temporary file belongs to
 * nobody yet, so knowing the id is the capability. Attached licences are never deleted by this call.
 */
export async function removeTemporaryLicense(db: Db, fileId: string): Promise<void> {
  if (!(await deleteTemporaryFile(db, fileId))) throw notFound();
}

export async function userLicense(db: Db, userId: string): Promise<LicenseFile | null> {
  const row = await userOrNotFound(db, userId);
  if (!row.licenseFileId) return null;
  const info = await findFileInfo(db, row.licenseFileId);
  return info ? toLicenseFile(info) : null;
}

/**
 * `GET /api/license/{id}` (ARCHITECTURE §5: licences are private): its owner, an admin, or the supplier of a booking
 * of that driver (or of a booking carrying this licence). Everyone else gets 404, as if it did not exist.
 */
export async function readLicense(db: Db, viewer: SessionUser, fileId: string): Promise<FileRow> {
  const file = await findFile(db, fileId);
  if (file?.kind !== 'license') throw notFound();
  if (viewer.type === 'admin') return file;
  if (file.ownerId !== null && file.ownerId === viewer.id) return file;
  if (viewer.type === 'supplier' && (await supplierHasBookingWithLicense(db, viewer.id, file.id, file.ownerId)))
    return file;
  throw notFound();
}

/** Deletes guests' licences not attached within 24 hours; called by the periodic sweep and by tests. */
export function sweepTemporaryLicenses(db: Db, now = new Date()): Promise<number> {
  return deleteTemporaryFilesBefore(db, new Date(now.getTime() - TEMPORARY_LICENSE_TTL_MS));
}
