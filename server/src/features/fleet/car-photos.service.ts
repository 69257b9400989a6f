import { MAX_CAR_PHOTOS } from '@roam/contract/cars';
import { FLEET_MESSAGES, type OperatorCar } from '@roam/contract/fleet';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuditChanges } from '#server/db/schema.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { type CarPhotoFiles, prepareCarPhoto } from '#server/lib/upload-validation.ts';
import * as repository from './car-photos.repository.ts';
import { insertFile } from './fleet.repository.ts';
import { type Operator, operatedCar, readOperatorCar } from './fleet.service.ts';

// A car's photos (docs/architecture.md "Files"): uploaded several at once, each checked by its content and stored at
// the sizes the screens show (lib/upload-validation.ts `prepareCarPhoto`), reordered, deleted. The first is the
// car's `image` (repository `syncFirstPhoto`). Every change locks the car's row, so two at once cannot pass the
// photo limit or lose a reorder, and is audited (entity carImage: the count, the order, the first image's URL).

type Audit = { action: 'create' | 'update' | 'delete'; changes: AuditChanges };

const url = (fileId: string | null | undefined) => (fileId ? `/api/files/${fileId}` : null);

/** Runs `change` on the car's photos, locked, then keeps the first as the car's image and audits what changed. */
async function changePhotos(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  language: Language,
  change: (tx: DbOrTx, photos: repository.PhotoRow[]) => Promise<Audit | null>,
): Promise<OperatorCar> {
  const { car } = await operatedCar(ctx, actor, carId);
  await ctx.db.transaction(async (tx) => {
    await repository.lockCar(tx, carId);
    const before = await repository.photosOfCar(tx, carId);
    const audit = await change(tx, before);
    if (!audit) return;
    await repository.syncFirstPhoto(tx, carId);
    const after = await repository.photosOfCar(tx, carId);
    const [was, is] = [url(before[0]?.fileId), url(after[0]?.fileId)];
    const changes: AuditChanges = { ...audit.changes, ...(was !== is ? { image: { before: was, after: is } } : {}) };
    await recordAudit(ctx, tx, actor, {
      entity: 'carImage',
      entityId: carId,
      action: audit.action,
      carId,
      supplierId: car.supplierId,
      changes,
    });
  });
  return (await readOperatorCar(ctx, actor, carId, language))!;
}

/** Stores a photo's files and its row at `position`. */
async function storePhoto(tx: DbOrTx, supplierId: string, carId: string, position: number, photo: CarPhotoFiles) {
  const store = async (size: CarPhotoFiles['card'] | null) =>
    size
      ? insertFile(tx, {
          kind: 'carImage',
          ownerId: supplierId,
          contentType: size.contentType,
          size: size.bytes.length,
          bytes: size.bytes,
        })
      : null;
  await repository.insertPhoto(tx, {
    carId,
    position,
    fileId: (await store(photo.card))!,
    width: photo.card.width,
    smallFileId: await store(photo.small),
    smallWidth: photo.small?.width ?? null,
    largeFileId: await store(photo.large),
    largeWidth: photo.large?.width ?? null,
  });
}

const filesOf = (photo: repository.PhotoRow) => [photo.fileId, photo.smallFileId, photo.largeFileId];

const tooMany = () =>
  new AppError('CONFLICT', FLEET_MESSAGES.tooManyPhotos(MAX_CAR_PHOTOS), {
    photos: [FLEET_MESSAGES.tooManyPhotos(MAX_CAR_PHOTOS)],
  });

/** `POST /api/add-car-photos/{id}`: the uploads become the car's last photos, in the order sent. */
export async function addCarPhotos(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  uploads: Buffer[],
  language: Language,
): Promise<OperatorCar> {
  const { car } = await operatedCar(ctx, actor, carId);
  if (uploads.length > MAX_CAR_PHOTOS) throw tooMany();
  // Re-encoded one after the other, before the transaction: a burst of large photos never holds the car's lock.
  const prepared: CarPhotoFiles[] = [];
  for (const upload of uploads) prepared.push(await prepareCarPhoto(upload));
  return changePhotos(ctx, actor, carId, language, async (tx, photos) => {
    if (photos.length + prepared.length > MAX_CAR_PHOTOS) throw tooMany();
    for (const [index, photo] of prepared.entries()) {
      await storePhoto(tx, car.supplierId, carId, photos.length + index, photo);
    }
    return { action: 'create', changes: { photos: { before: photos.length, after: photos.length + prepared.length } } };
  });
}

/** `POST /api/reorder-car-photos/{id}`: `photoIds` is every photo of the car, once, in the new order. */
export function reorderCarPhotos(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  photoIds: string[],
  language: Language,
): Promise<OperatorCar> {
  return changePhotos(ctx, actor, carId, language, async (tx, photos) => {
    const current = photos.map((photo) => photo.id);
    const same =
      new Set(photoIds).size === photoIds.length &&
      photoIds.length === current.length &&
      photoIds.every((id) => current.includes(id));
    if (!same) throw validationFailed({ photoIds: [FLEET_MESSAGES.photoOrder] });
    if (photoIds.every((id, index) => current[index] === id)) return null;
    await repository.setOrder(tx, carId, photoIds);
    const place = (id: string) => current.indexOf(id) + 1;
    return {
      action: 'update',
      changes: { order: { before: current.map(place).join(', '), after: photoIds.map(place).join(', ') } },
    };
  });
}

/** `DELETE /api/delete-car-photo/{id}/{photoId}`: the photos after it move up; its files go unless shared. */
export function deleteCarPhoto(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  photoId: string,
  language: Language,
): Promise<OperatorCar> {
  return changePhotos(ctx, actor, carId, language, async (tx, photos) => {
    const photo = photos.find((one) => one.id === photoId);
    if (!photo) throw new AppError('NOT_FOUND', 'Photo not found.');
    await repository.deletePhoto(tx, photoId);
    const rest = photos.filter((one) => one.id !== photoId).map((one) => one.id);
    await repository.setOrder(tx, carId, rest);
    await repository.syncFirstPhoto(tx, carId);
    await repository.deleteFilesUnlessUsed(tx, filesOf(photo));
    return { action: 'delete', changes: { photos: { before: photos.length, after: rest.length } } };
  });
}

/**
 * `POST /api/update-car-image/{id}` (the one image of before several photos): replaces the first photo, or adds one
 * when the car has none.
 */
export async function replaceFirstPhoto(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  upload: Buffer,
  language: Language,
): Promise<OperatorCar> {
  const { car } = await operatedCar(ctx, actor, carId);
  const prepared = await prepareCarPhoto(upload);
  return changePhotos(ctx, actor, carId, language, async (tx, photos) => {
    const first = photos[0];
    if (first) await repository.deletePhoto(tx, first.id);
    await storePhoto(tx, car.supplierId, carId, 0, prepared);
    await repository.syncFirstPhoto(tx, carId);
    if (first) await repository.deleteFilesUnlessUsed(tx, filesOf(first));
    return { action: first ? 'update' : 'create', changes: {} };
  });
}

/** `POST /api/delete-car-image/{id}`: deletes the first photo (the next one, if any, becomes the car's image). */
export async function removeFirstPhoto(ctx: AppContext, actor: Operator, carId: string, language: Language) {
  await operatedCar(ctx, actor, carId);
  const [first] = await repository.photosOfCar(ctx.db, carId);
  if (!first) return (await readOperatorCar(ctx, actor, carId, language))!;
  return deleteCarPhoto(ctx, actor, carId, first.id, language);
}
