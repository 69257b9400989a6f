import {
  BookingLanguageQuerySchema,
  BookingSchema,
  CountResultSchema,
  UpdateBookingStatusBodySchema,
} from '@roam/contract/bookings.schema';
import { CancellationQuoteSchema } from '@roam/contract/cancellations.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as service from './cancellations.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * Cancelling a booking (spec §7 cancel-booking; docs/architecture.md §5): what the driver's cancel would do, and the
 * cancel — decided at once when the booking's terms make it free, else a request the operators decide
 * (cancellation-requests.routes.ts); an operator's cancel refunds by the terms — also through the bulk status.
 */
export const cancellationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // Listed with the booking's calls in the API document, as the spec lists them.
  const tags = ['bookings'];

  app.post(
    '/api/cancel-booking/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'Driver: cancelled at once when the terms make it free, else a request; operator: cancel',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        response: { 200: BookingSchema, ...errors, ...errorReplies(503) },
      },
    },
    async (request) =>
      service.cancelBooking(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.query.language,
      ),
  );

  app.get(
    '/api/cancellation-quote/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "What the driver's cancel would do now: cancelled at once with its refund, or a request",
        params: IdParamsSchema,
        response: { 200: CancellationQuoteSchema, ...errors },
      },
    },
    async (request) =>
      service.cancellationQuote(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
  );

  app.post(
    '/api/update-booking-status',
    {
      config: { auth: 'operator', permission: 'bookings.write' },
      schema: {
        tags,
        summary:
          "Bulk 'New status' (admin; supplier on its own fleet): all or nothing; `cancelled` cancels each with its refund",
        body: UpdateBookingStatusBodySchema,
        response: { 200: CountResultSchema, ...errors, ...errorReplies(503) },
      },
    },
    async (request) =>
      service.setBookingStatuses(ctx, requireUser(request, 'admin', 'supplier'), request.body.ids, request.body.status),
  );
};
