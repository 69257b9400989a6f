import { COUNTER_LIMITS } from '@roam/contract/counter';
import type { CounterPhoto } from '@roam/contract/counter.schema';
import sharp from 'sharp';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { prepareInspectionPhoto } from '#server/lib/upload-validation.ts';
import { fileUrl } from './counter.mapper.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';

// A photo taken at the counter (docs/architecture.md §5 "Files"): checked by its bytes, re-encoded as a JPEG of at
// most 1600 px and 300 KB without metadata, stored private to the booking. A damage then names it; the customer of the
// booking and its operators may read it, nobody else.

export async function uploadPhoto(ctx: AppContext, record: CounterRecord, bytes: Buffer): Promise<CounterPhoto> {
  const { status } = record.booking;
  if (status === 'cancelled' || status === 'void' || status === 'no_show') {
    throw new AppError('CONFLICT', 'This booking takes no photos.');
  }
  const photo = await prepareInspectionPhoto(bytes, {
    maxPixels: COUNTER_LIMITS.photoMaxPixels,
    maxBytes: COUNTER_LIMITS.photoStoredBytes,
  });
  const { width = 0, height = 0 } = await sharp(photo.bytes).metadata();
  const id = await repository.insertFile(ctx.db, {
    kind: 'inspectionPhoto',
    contentType: photo.contentType,
    size: photo.bytes.length,
    bytes: photo.bytes,
    bookingId: record.booking.id,
  });
  return { _id: id, url: fileUrl(record.booking.id, id), width, height, size: photo.bytes.length };
}

/** A private file of the booking (the caller checked who reads it); 404 when it is not one. */
export async function bookingFile(ctx: AppContext, record: CounterRecord, fileId: string) {
  const file = await repository.findBookingFile(ctx.db, { id: record.booking.id, carId: record.booking.carId }, fileId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found.');
  return file;
}
