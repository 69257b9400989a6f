import type { CarPhoto } from '@roam/contract/cars';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { carPhotos } from '#server/db/schema.ts';

// A car's photos as every car answer gives them (contract `CarPhoto`), in their operator's order. Each photo is
// stored at up to three sizes (schema-fleet.ts `car_photos`); `srcset` names those whose width is known.

type PhotoRow = typeof carPhotos.$inferSelect;

/** `CarPhoto` of a stored row: `url` at the cards' size, `srcset` every size, smallest first. */
export function toCarPhoto(row: PhotoRow): CarPhoto {
  const url = `/api/files/${row.fileId}`;
  const sizes: [string | null, number | null][] = [
    [row.smallFileId, row.smallWidth],
    [row.fileId, row.width],
    [row.largeFileId, row.largeWidth],
  ];
  const known = sizes.filter((size): size is [string, number] => size[0] !== null && size[1] !== null);
  const srcset = known.length > 0 ? known.map(([id, width]) => `/api/files/${id} ${width}w`).join(', ') : url;
  return { _id: row.id, url, srcset };
}

/** The photos of `carIds` (of every car when absent), by car id, each list in order. */
export async function photosOf(db: DbOrTx, carIds?: string[]): Promise<Map<string, CarPhoto[]>> {
  const byCar = new Map<string, CarPhoto[]>();
  if (carIds?.length === 0) return byCar;
  const rows = await db
    .select()
    .from(carPhotos)
    .where(carIds ? inArray(carPhotos.carId, carIds) : undefined)
    .orderBy(asc(carPhotos.carId), asc(carPhotos.position));
  for (const row of rows) {
    const list = byCar.get(row.carId) ?? [];
    list.push(toCarPhoto(row));
    byCar.set(row.carId, list);
  }
  return byCar;
}
