import { IMPORT_LIMITS } from '@roam/contract/fleet-import';
import {
  ExportBookingsQuerySchema,
  ExportCarsQuerySchema,
  ImportReportSchema,
} from '@roam/contract/fleet-import.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { download } from '#server/lib/download.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { readImportUpload, registerUploads } from '#server/plugins/uploads.ts';
import { exportBookings, exportCars } from './fleet-export.service.ts';
import { importCars } from './fleet-import.service.ts';

const errors = errorReplies(400, 401, 403, 413, 429);
/** Checking a file reads the whole fleet: a few a minute per account is plenty for a person mapping columns. */
const importRateLimit = perAccountLimit(20, '1 minute');

/**
 * Fleet import and export: a supplier its own fleet, the admin the supplier it names (the
 * form's or the query's `supplierId`); anonymous 401, a driver 403, a supplier naming another 403.
 */
export const fleetImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app, { fileSize: IMPORT_LIMITS.maxBytes, fieldSize: 16 * 1024 });
  const ctx = app.context;
  const tags = ['operator: cars'];
  const consumes = ['multipart/form-data'];

  app.post(
    '/api/import-cars/preview',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...importRateLimit },
      schema: {
        tags,
        security,
        consumes,
        summary: "Check a CSV of cars (multipart 'file', 'mapping', 'supplierId'): each row's errors and action",
        response: { 200: ImportReportSchema, ...errors },
      },
    },
    async (request) => importCars(ctx, requireOperator(request), await readImportUpload(request), false),
  );

  app.post(
    '/api/import-cars',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...importRateLimit },
      schema: {
        tags,
        security,
        consumes,
        summary: 'Import a CSV of cars all-or-nothing (400 with every row error when one is invalid)',
        response: { 200: ImportReportSchema, ...errors },
      },
    },
    async (request) => importCars(ctx, requireOperator(request), await readImportUpload(request), true),
  );

  app.get(
    '/api/export-cars',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: 'The fleet as CSV, every editor field (the columns the import reads)',
        querystring: ExportCarsQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => download(reply, await exportCars(ctx, requireOperator(request), request.query)),
  );

  app.get(
    '/api/export-bookings',
    {
      config: { auth: 'operator', permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'The bookings picked up in [from, to) as CSV',
        querystring: ExportBookingsQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => download(reply, await exportBookings(ctx, requireOperator(request), request.query)),
  );
};
