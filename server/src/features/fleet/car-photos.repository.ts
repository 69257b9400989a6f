import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { carPhotos, cars, files } from '#server/db/schema.ts';

// The only Drizzle code that writes a car's photos (read for the customer in features/cars/car-photos.repository.ts).
// `cars.image_file_id` is always the first photo's card-size file: the spec's calls and every list answer it as the
// car's `image`, so `syncFirstPhoto` runs after each change, in the same transaction. Triggers bump the fleet version
// on both tables (migration 0038), so a search shows a change at once.

export type PhotoRow = typeof carPhotos.$inferSelect;

/** Locks the car's row: two changes to one car's photos (an upload, a reorder) wait for each other. */
export async function lockCar(tx: DbOrTx, carId: string) {
  await tx.execute(sql`select 1 from ${cars} where ${cars.id} = ${carId} for update`);
}

/** The car's photos, in order. */
export function photosOfCar(db: DbOrTx, carId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(carPhotos)
    .where(eq(carPhotos.carId, carId))
    .orderBy(asc(carPhotos.position), asc(carPhotos.createdAt));
}

export async function insertPhoto(tx: DbOrTx, values: typeof carPhotos.$inferInsert) {
  const [row] = await tx.insert(carPhotos).values(values).returning();
  return row!;
}

export async function deletePhoto(tx: DbOrTx, photoId: string) {
  await tx.delete(carPhotos).where(eq(carPhotos.id, photoId));
}

/** Sets each photo's position from its place in `photoIds` (every photo of the car). */
export async function setOrder(tx: DbOrTx, carId: string, photoIds: string[]) {
  for (const [position, id] of photoIds.entries()) {
    await tx
      .update(carPhotos)
      .set({ position })
      .where(and(eq(carPhotos.id, id), eq(carPhotos.carId, carId)));
  }
}

/** `cars.image_file_id` := the first photo's card-size file, or null without photos. */
export async function syncFirstPhoto(tx: DbOrTx, carId: string) {
  await tx.execute(sql`update ${cars} set image_file_id = (
      select ${carPhotos.fileId} from ${carPhotos} where ${carPhotos.carId} = ${carId}
      order by ${carPhotos.position}, ${carPhotos.createdAt} limit 1),
    updated_at = now() where ${cars.id} = ${carId}`);
}

/**
 * Deletes the files of a photo that no car shows any more: the demo cars share theirs, and an image another car
 * still shows (as its image or one of its photos) stays.
 */
export async function deleteFilesUnlessUsed(tx: DbOrTx, fileIds: (string | null)[]) {
  const ids = fileIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await tx.delete(files).where(
    and(
      inArray(files.id, ids),
      sql`not exists (select 1 from ${cars} where ${cars.imageFileId} = ${files.id})`,
      sql`not exists (select 1 from ${carPhotos} where ${files.id} in
        (${carPhotos.fileId}, ${carPhotos.smallFileId}, ${carPhotos.largeFileId}))`,
    ),
  );
}
