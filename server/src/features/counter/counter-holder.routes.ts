import {
  BookingDocumentParamsSchema,
  BookingDocumentsSchema,
  BookingFileParamsSchema,
  CheckInBodySchema,
  CheckInSchema,
  CounterIdParamsSchema,
} from '@roam/contract/counter.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { download } from '#server/lib/download.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { agreementDraft } from './agreement-draft.service.ts';
import { checkIn, checkInState } from './check-in.service.ts';
import { heldBooking } from './counter.guard.ts';
import { toDocument } from './counter.mapper.ts';
import * as repository from './counter.repository.ts';
import { storedDocument } from './counter-documents.service.ts';
import { bookingFile } from './counter-photos.service.ts';

const errors = errorReplies(400, 401, 404, 409);

/**
 * The booking's side of the counter (docs/api.md "The counter"): online check-in, and the documents, photos and
 * signatures of a booking — to its driver (signed in, or a manage link's grant) and its operators; to anyone else
 * the booking does not exist (404). Files are private: never cached by a shared cache.
 */
export const counterHolderRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['bookings'];

  app.get(
    '/api/check-in/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'Online check-in: open from 48 h before pick-up until the car is handed over; what was given',
        params: CounterIdParamsSchema,
        response: { 200: CheckInSchema, ...errors },
      },
    },
    async (request) => checkInState(ctx, (await heldBooking(ctx, request, request.params.id)).record),
  );

  app.post(
    '/api/check-in/:id',
    {
      config: { auth: 'bookingHolder', ...perAccountLimit(20, '10 minutes') },
      schema: {
        tags,
        summary: "Check in online: the licence, the additional drivers and the agreement signed (the driver's own)",
        params: CounterIdParamsSchema,
        body: CheckInBodySchema,
        response: { 200: CheckInSchema, ...errorReplies(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { record, user, operator } = await heldBooking(ctx, request, request.params.id);
      // The customer signs for themselves: an operator signs with them at the counter (check-out).
      if (operator && user.id !== record.booking.driverId) {
        throw new AppError('FORBIDDEN', 'Only the driver checks in online.');
      }
      return checkIn(ctx, user, record, request.body);
    },
  );

  app.get(
    '/api/agreement-draft/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'The rental agreement as it would be signed now, a PDF marked as a draft',
        params: CounterIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      download(reply, await agreementDraft(ctx, (await heldBooking(ctx, request, request.params.id)).record)),
  );

  app.get(
    '/api/booking-documents/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "The booking's documents: agreement versions, condition report, receipt, each with its SHA-256",
        params: CounterIdParamsSchema,
        response: { 200: BookingDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const { record } = await heldBooking(ctx, request, request.params.id);
      return { results: (await repository.documentsOf(ctx.db, record.booking.id)).map(toDocument) };
    },
  );

  app.get(
    '/api/booking-document/:id/:documentId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'A document of the booking, byte for byte as stored (its SHA-256 names it)',
        params: BookingDocumentParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { record } = await heldBooking(ctx, request, request.params.id);
      return download(reply, await storedDocument(ctx, record.booking, request.params.documentId));
    },
  );

  app.get(
    '/api/booking-file/:id/:fileId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "A photo or a signature of the booking's inspections (private)",
        params: BookingFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { record } = await heldBooking(ctx, request, request.params.id);
      const file = await bookingFile(ctx, record, request.params.fileId);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(file.contentType);
      return reply.send(file.bytes);
    },
  );
};
