import multipart from '@fastify/multipart';
import { PROFILE_MESSAGES, UPLOAD_LIMITS } from '@roam/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { perAccountLimit } from './rate-limit.ts';

// File uploads (docs/architecture.md §5 Files): one multipart file per request, size-limited; the bytes are then checked by
// content and re-encoded by lib/upload-validation.ts. Shared by the profile (avatar, licence) and the operator's calls
// (car images, supplier logos).

/** Registers the multipart parser in the calling plugin (its routes only); a fleet import's mapping is longer. */
export async function registerUploads(app: FastifyInstance, limits: { fileSize?: number; fieldSize?: number } = {}) {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, ...limits },
  });
}

/** Uploads are modestly rate limited per account (or per IP for a guest at checkout). */
export const uploadRateLimit = perAccountLimit(30, '1 minute');

/** The bytes of the multipart file field `field`; 'Please add an image.' (400) when there is none. */
export async function uploadedBytes(request: FastifyRequest, field: 'image' | 'file' | 'photo'): Promise<Buffer> {
  const missing = () =>
    new AppError('BAD_REQUEST', PROFILE_MESSAGES.addImage, { [field]: [PROFILE_MESSAGES.addImage] });
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file();
    if (!part || part.fieldname !== field) throw missing();
    // Throws FST_REQ_FILE_TOO_LARGE (413) past UPLOAD_LIMITS.maxBytes.
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw missing();
    return bytes;
  } catch (error) {
    // The multipart parser's own errors carry no status ('Unexpected end of multipart data', a missing boundary…):
    // a malformed upload is the client's fault, not a 500. Errors with a status (413, 406) keep theirs.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('BAD_REQUEST', 'The upload could not be read.');
  }
}

/**
 * The bytes of every multipart file of field `field`, in the order sent (a car's photos, chosen several at once): at
 * most `max` files (more: 413), each within UPLOAD_LIMITS.maxBytes (413); none, 'Please add an image.' (400).
 */
export async function uploadedFilesBytes(request: FastifyRequest, field: 'photos', max: number): Promise<Buffer[]> {
  const missing = () =>
    new AppError('BAD_REQUEST', PROFILE_MESSAGES.addImage, { [field]: [PROFILE_MESSAGES.addImage] });
  if (!request.isMultipart()) throw missing();
  const uploads: Buffer[] = [];
  try {
    for await (const part of request.files({ limits: { files: max, parts: max + 2 } })) {
      // Every part is read to its end (the stream must drain); only the named field counts.
      const bytes = await part.toBuffer();
      if (part.fieldname === field && bytes.length > 0) uploads.push(bytes);
    }
  } catch (error) {
    // The multipart parser's own errors (a malformed body) carry no status; too many files is 413 (FST_FILES_LIMIT).
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('BAD_REQUEST', 'The upload could not be read.');
  }
  if (uploads.length === 0) throw missing();
  return uploads;
}

/**
 * A CSV import's multipart form: `file`, `mapping` (JSON: column → header), `supplierId` (fleet only),
 * `language` (the reader's: the file's headers are matched to its labels first).
 */
export type ImportUpload = {
  bytes: Buffer | null;
  mapping: string | null;
  supplierId: string | null;
  language: string | null;
};

export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const upload: ImportUpload = { bytes: null, mapping: null, supplierId: null, language: null };
  if (!request.isMultipart()) return upload;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Throws FST_REQ_FILE_TOO_LARGE (413) past the size registerUploads was given.
        if (part.fieldname === 'file') upload.bytes = await part.toBuffer();
        else await part.toBuffer();
      } else if (part.fieldname === 'mapping' || part.fieldname === 'supplierId' || part.fieldname === 'language') {
        upload[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // A malformed upload is the client's fault (`uploadedBytes`); errors with a status keep theirs.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('BAD_REQUEST', 'The upload could not be read.');
  }
  return upload;
}
