import {
  BookingIdsBodySchema,
  BookingLanguageQuerySchema,
  BookingSchema,
  BookingsPageSchema,
  BookingsQuerySchema,
  CountResultSchema,
} from '@roam/contract/bookings.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as service from './bookings.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * The bookings calls (spec §7): list, view, release, delete. Every one checks ownership. Editing a booking is the
 * amendments' (amendments.routes.ts), cancelling it — and the bulk status, whose `cancelled` refunds — the
 * cancellations' (cancellations.routes.ts).
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['bookings'];

  app.post(
    '/api/bookings/:page/:size',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Bookings the signed-in user may see, newest first',
        params: PageParamsSchema,
        body: BookingsQuerySchema,
        response: { 200: BookingsPageSchema, ...errors },
      },
    },
    async (request) =>
      service.listBookings(ctx, requireUser(request), request.body, request.params.page, request.params.size),
  );

  app.get(
    '/api/booking/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'One booking (404 when not yours); also to the browser its manage link opened it in',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        response: { 200: BookingSchema, ...errors },
      },
    },
    async (request) =>
      service.getBooking(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.query.language,
      ),
  );

  app.post(
    '/api/release-booking/:id',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Driver: let go of an unpaid online booking while its hold lasts (the car is free again)',
        params: IdParamsSchema,
        response: { 200: CountResultSchema, ...errors },
      },
    },
    async (request) => service.releaseBooking(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/api/delete-bookings',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Delete a selection, all or nothing',
        body: BookingIdsBodySchema,
        response: { 200: CountResultSchema, ...errors },
      },
    },
    async (request) => service.deleteBookings(ctx, requireUser(request), request.body.ids),
  );
};
