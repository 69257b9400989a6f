import { fileUrl } from '@roam/contract/cars';
import type { OperatorCar } from '@roam/contract/fleet';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { prepareCarImage } from '#server/lib/upload-validation.ts';
import * as repository from './fleet.repository.ts';
import { type Operator, operatedCar, readOperatorCar } from './fleet.service.ts';

// A car's image: checked by its content, re-encoded to the cards' size (lib/upload-validation.ts),
// stored in the files table and served by `GET /api/files/{id}` as every car image is. The image a car had is
// deleted unless another car shows it too (the demo cars share theirs). The audit keeps the URLs, never the bytes.

async function answer(ctx: AppContext, actor: Operator, carId: string, language: Language): Promise<OperatorCar> {
  return (await readOperatorCar(ctx, actor, carId, language))!;
}

/** `POST /api/update-car-image/{id}` (multipart field `image`). */
export async function setCarImage(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  upload: Buffer,
  language: Language,
): Promise<OperatorCar> {
  const { car } = await operatedCar(ctx, actor, carId);
  const image = await prepareCarImage(upload);
  await ctx.db.transaction(async (tx) => {
    const fileId = await repository.insertFile(tx, {
      kind: 'carImage',
      ownerId: car.supplierId,
      contentType: image.contentType,
      size: image.bytes.length,
      bytes: image.bytes,
    });
    await repository.updateCar(tx, carId, { imageFileId: fileId });
    if (car.imageFileId) await repository.deleteImageUnlessUsed(tx, car.imageFileId);
    await recordAudit(ctx, tx, actor, {
      entity: 'carImage',
      entityId: carId,
      action: car.imageFileId ? 'update' : 'create',
      carId,
      supplierId: car.supplierId,
      changes: { image: { before: fileUrl(car.imageFileId), after: fileUrl(fileId) } },
    });
  });
  return answer(ctx, actor, carId, language);
}

/** `POST /api/delete-car-image/{id}`: the car shows no image. */
export async function removeCarImage(
  ctx: AppContext,
  actor: Operator,
  carId: string,
  language: Language,
): Promise<OperatorCar> {
  const { car } = await operatedCar(ctx, actor, carId);
  if (!car.imageFileId) return answer(ctx, actor, carId, language);
  const previous = car.imageFileId;
  await ctx.db.transaction(async (tx) => {
    await repository.updateCar(tx, carId, { imageFileId: null });
    await repository.deleteImageUnlessUsed(tx, previous);
    await recordAudit(ctx, tx, actor, {
      entity: 'carImage',
      entityId: carId,
      action: 'delete',
      carId,
      supplierId: car.supplierId,
      changes: { image: { before: fileUrl(previous), after: null } },
    });
  });
  return answer(ctx, actor, carId, language);
}
