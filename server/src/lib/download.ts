import type { FastifyReply } from 'fastify';

/** A file a route answers as a download (a booking's documents, fleet exports). */
export type DownloadedFile = { fileName: string; contentType: string; bytes: Buffer | string };

/** Sends a file as a download; it holds personal or business data, so no shared cache keeps it. */
export function download(reply: FastifyReply, file: DownloadedFile) {
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.type(file.contentType);
  return reply.send(file.bytes);
}
