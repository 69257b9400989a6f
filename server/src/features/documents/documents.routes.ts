import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { download } from '#server/lib/download.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { bookingCalendarFile, bookingReceipt } from './documents.service.ts';

const errors = errorReplies(400, 401, 404);

/** A booking's documents, to whoever may read the booking (`GET /api/booking/{id}`). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['bookings'];

  app.get(
    '/api/booking-receipt/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "The booking's receipt as a PDF, in the booking's language (404 when not yours)",
        params: IdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      download(
        reply,
        await bookingReceipt(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
      ),
  );

  app.get(
    '/api/booking-calendar/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "The booking's pick-up and drop-off as an iCalendar (.ics) file (404 when not yours)",
        params: IdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      download(
        reply,
        await bookingCalendarFile(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
      ),
  );
};
