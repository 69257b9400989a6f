import sharp, { type Metadata } from 'sharp';
import { AppError } from './app-error.ts';

// docs/architecture.md §5 "Files": the type of an upload is read from its bytes, never from its name or declared type;
// images are re-encoded by sharp (EXIF rotation applied, every metadata block dropped); decompression bombs are
// refused before any pixel is decoded.

export type UploadType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Pixels an image may declare (about 6000×6000): enough for any phone photo of a licence. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The content type the bytes really are, or null. */
export function sniffType(bytes: Buffer): UploadType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 8 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type.');

/** A PDF with a version header, at least one object and an end-of-file marker near its end. */
function checkPdf(bytes: Buffer): void {
  const header = bytes.toString('latin1', 0, 8);
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 1024));
  if (!/^%PDF-\d\.\d/.test(header) || !tail.includes('%%EOF') || !/\d+\s+\d+\s+obj\b/.test(bytes.toString('latin1')))
    throw unsupported();
}

type Reencoded = { bytes: Buffer; contentType: UploadType; width: number; height: number };

// An upload's re-encoding costs a core for ~0.1 s (a phone's 12-megapixel photo) and libvips runs each image on as
// many threads as there are cores: ten operators uploading at once took every core, and the check-outs and returns
// waited behind them (bench/README.md "The counter"). Uploads are re-encoded one at a time per process, each on one
// thread, so the other work of the process (an act at the counter, its PDF, a search) keeps a core; an upload waits
// for the one before it instead. The condition report's small thumbnails are the act's own work and do not queue.
sharp.concurrency(1);
let uploads: Promise<unknown> = Promise.resolve();
function oneUploadAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = uploads.then(task, task);
  uploads = run.catch(() => undefined);
  return run;
}

/** Decodes an image (refusing bombs and broken files) and encodes it afresh without metadata, one upload at a time. */
function reencodeImage(
  bytes: Buffer,
  resize: { width: number; height: number; as: 'webp' | 'png' | 'jpeg' | 'same'; quality?: number },
): Promise<Reencoded> {
  return oneUploadAtATime(() => reencodeNow(bytes, resize));
}

async function reencodeNow(
  bytes: Buffer,
  resize: { width: number; height: number; as: 'webp' | 'png' | 'jpeg' | 'same'; quality?: number },
): Promise<Reencoded> {
  const type = sniffType(bytes);
  if (type === null || type === 'application/pdf') throw unsupported();
  let metadata: Metadata;
  try {
    // Reads the header only (no pixel is decoded), so the declared size can be judged here.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  // The header is checked first: a small file declaring a huge canvas is refused before it is decoded.
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0 || pixels > MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large.');
  const format = resize.as === 'same' ? type : (`image/${resize.as}` as const);
  try {
    // sharp writes no metadata unless asked (`withMetadata`/`keepExif`): rotate() applies the EXIF orientation first.
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: resize.width, height: resize.height, fit: 'inside', withoutEnlargement: true });
    const out =
      format === 'image/jpeg'
        ? pipeline.jpeg(resize.quality ? { quality: resize.quality } : { quality: 85, mozjpeg: true })
        : format === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 82 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: format, width: info.width, height: info.height };
  } catch {
    throw unsupported();
  }
}

/** An avatar: JPEG, PNG or WebP in, a WebP of at most 512×512 out. */
export function prepareAvatar(bytes: Buffer): Promise<Reencoded> {
  return reencodeImage(bytes, { width: 512, height: 512, as: 'webp' });
}

/**
 * A car image: JPEG, PNG or WebP in, a WebP within 600×400 out — the cards show 300×200 (spec §9), drawn
 * at twice that for sharp screens as the demo images are — keeping the picture's own proportions.
 */
export function prepareCarImage(bytes: Buffer): Promise<Reencoded> {
  return reencodeImage(bytes, { width: 600, height: 400, as: 'webp' });
}

/**
 * The sizes a car photo is stored at, WebP each, its proportions kept (never enlarged): `card` is the one above —
 * the cards at 2× and the car's `image` —, `small` the cards at 1× (phones), `large` the checkout's gallery at 2×.
 */
export const CAR_PHOTO_SIZES = {
  small: { width: 300, height: 200 },
  card: { width: 600, height: 400 },
  large: { width: 1200, height: 800 },
} as const;

export type CarPhotoFiles = { small: Reencoded | null; card: Reencoded; large: Reencoded | null };

/**
 * A car photo at every size of `CAR_PHOTO_SIZES`: the upload is checked and decoded once (to the largest size), the
 * smaller sizes made from that clean copy; a size no smaller than the next one up is not kept (null).
 */
export async function prepareCarPhoto(bytes: Buffer): Promise<CarPhotoFiles> {
  const large = await reencodeImage(bytes, { ...CAR_PHOTO_SIZES.large, as: 'webp' });
  const card = await reencodeImage(large.bytes, { ...CAR_PHOTO_SIZES.card, as: 'webp' });
  const small = await reencodeImage(card.bytes, { ...CAR_PHOTO_SIZES.small, as: 'webp' });
  return {
    small: small.width < card.width ? small : null,
    card: large.width > card.width ? card : large,
    large: large.width > card.width ? large : null,
  };
}

/** A supplier logo: a PNG within 240×120 (60×30 on the cards, spec §9, at 4×), its proportions kept. */
export function prepareSupplierLogo(bytes: Buffer): Promise<Reencoded> {
  return reencodeImage(bytes, { width: 240, height: 120, as: 'png' });
}

/** A driver licence: a JPEG, PNG or WebP photo (re-encoded, at most 2400 px) or a PDF (checked, kept as is). */
export async function prepareLicense(bytes: Buffer): Promise<Reencoded> {
  if (sniffType(bytes) === 'application/pdf') {
    checkPdf(bytes);
    return { bytes, contentType: 'application/pdf', width: 0, height: 0 };
  }
  return reencodeImage(bytes, { width: 2400, height: 2400, as: 'same' });
}

/** A signature drawn on the counter's pad (a PNG): re-encoded, at most 1200×600. */
export function prepareSignature(bytes: Buffer): Promise<Reencoded> {
  if (sniffType(bytes) !== 'image/png') throw unsupported();
  return reencodeImage(bytes, { width: 1200, height: 600, as: 'png' });
}

/**
 * A photo of a car at the counter (docs/architecture.md §5 "After the booking"): a JPEG — which the condition report's
 * PDF embeds as it is — within `maxPixels` and `maxBytes`, metadata dropped. A JPEG shrinks while it is decoded, so a
 * phone's 12-megapixel photo is read at a fraction of its size; the quality steps down until the file fits.
 */
export async function prepareInspectionPhoto(
  bytes: Buffer,
  limits: { maxPixels: number; maxBytes: number },
): Promise<Reencoded> {
  let side = limits.maxPixels;
  for (const quality of [80, 70, 60, 50, 40]) {
    const out = await reencodeImage(bytes, { width: side, height: side, as: 'jpeg', quality });
    if (out.bytes.length <= limits.maxBytes) return out;
    if (quality <= 60) side = Math.round(side * 0.8);
  }
  throw new AppError('PAYLOAD_TOO_LARGE', 'The photo could not be made small enough.');
}

/** A stored photo's thumbnail for a document (the condition report): a small JPEG, cheap to embed and to send. */
export function thumbnailJpeg(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: 320, height: 240, fit: 'inside' })
    .jpeg({ quality: 70 })
    .toBuffer();
}
