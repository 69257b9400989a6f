import { BookingLanguageQuerySchema, BookingSchema } from '@roam/contract/bookings.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perBookingLimit } from '#server/plugins/rate-limit.ts';
import { refuseBooking } from './booking-refusal.service.ts';

/** A driver refuses a booking made in their name at the desk (second outside audit, item 1). */
export const bookingRefusalRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.post(
    '/api/refuse-booking/:id',
    {
      // Its driver, signed in or through the manage link the desk booking's e-mail carried; it e-mails the supplier.
      config: { auth: 'bookingHolder', ...perBookingLimit(5, '10 minutes') },
      schema: {
        tags: ['bookings'],
        summary:
          'Driver: refuse a booking made in their name at the desk (cancelled at no charge, gone from their list)',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        response: { 200: BookingSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      refuseBooking(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.query.language,
      ),
  );
};
