import { IMPORT_LIMITS } from '@roam/contract/fleet-import';
import { LocationsImportReportSchema } from '@roam/contract/locations.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { readImportUpload, registerUploads } from '#server/plugins/uploads.ts';
import { importLocations } from './locations-import.service.ts';

const errors = errorReplies(400, 401, 403, 413, 429);

/** Places import: the admin's alone (anonymous 401, a driver or a supplier 403). */
export const locationsImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app, { fileSize: IMPORT_LIMITS.maxBytes, fieldSize: 16 * 1024 });
  const ctx = app.context;
  const options = (summary: string) => ({
    // Checking a file reads every place: a few a minute is plenty for a person mapping columns.
    config: { auth: 'admin' as const, ...perAccountLimit(20, '1 minute') },
    schema: {
      tags: ['admin: locations'],
      security,
      consumes: ['multipart/form-data'],
      summary,
      response: { 200: LocationsImportReportSchema, ...errors },
    },
  });

  app.post(
    '/api/import-locations/preview',
    options("Check a CSV of places (multipart 'file', 'mapping'): each row's errors and action"),
    async (request) => importLocations(ctx, requireUser(request, 'admin'), await readImportUpload(request), false),
  );

  app.post(
    '/api/import-locations',
    options('Import a CSV of places all-or-nothing (400 with every row error when one is invalid)'),
    async (request) => importLocations(ctx, requireUser(request, 'admin'), await readImportUpload(request), true),
  );
};
