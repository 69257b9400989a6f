import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body with one file field, for `app.inject` (uploads are tested with real bytes). */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  return multipartForm([{ name: field, filename, contentType, value: bytes }]);
}

/** A multipart/form-data body of several parts: text fields, and files (those with a file name). */
export function multipartForm(
  parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[],
) {
  const boundary = `----roam${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename ? `; filename="${part.filename}"\r\nContent-Type: ${part.contentType}` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid tiny PNG whose header declares 20000×20000 pixels: a decompression bomb's signature. */
export async function bombPng() {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A small, well-formed PDF (a licence may be one; an avatar may not). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
