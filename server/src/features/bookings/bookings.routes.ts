import {
  BookingIdsBodySchema,
  BookingLanguageQuerySchema,
  BookingSchema,
  BookingsPageSchema,
  BookingsQuerySchema,
  CountResultSchema,
  UpdateBookingBodySchema,
  UpdateBookingStatusBodySchema,
} from '@roam/contract/bookings';
import { CancellationQuoteSchema } from '@roam/contract/cancellations';
import { PageParamsSchema } from '@roam/contract/paging';
import { IdParamsSchema } from '@roam/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perBookingLimit } from '#server/plugins/rate-limit.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as service from './bookings.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409, 429);

/**
 * The bookings calls (issue #5): list, view, edit, cancel, release, delete, bulk status. Every one checks ownership.
 * A paid change's own calls are the amendments' (amendments.routes.ts).
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
        summary: 'One booking (404 when not yours); also to the browser its manage link opened it in (issue #25)',
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
    '/api/update-booking/:id',
    {
      // Each change e-mails the driver and the supplier: 10 changes of one booking in 10 minutes, whoever makes them.
      config: { auth: 'bookingHolder', ...perBookingLimit(10, '10 minutes') },
      schema: {
        tags,
        summary:
          'Change a booking (driver or its link: period, drop-off, extras, re-priced and settled; operator: more)',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        body: UpdateBookingBodySchema,
        response: { 200: BookingSchema, ...errors },
      },
    },
    async (request) =>
      service.updateBooking(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.body,
        request.query.language,
      ),
  );

  app.post(
    '/api/cancel-booking/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'Driver: cancelled at once when the terms make it free, else a request; operator: cancel',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        response: { 200: BookingSchema, ...errors },
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
        summary: "What the driver's cancel would do now: cancelled at once with its refund, or a request (issue #25)",
        params: IdParamsSchema,
        response: { 200: CancellationQuoteSchema, ...errors },
      },
    },
    async (request) =>
      service.cancellationQuote(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
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

  app.post(
    '/api/update-booking-status',
    {
      config: { auth: 'operator' },
      schema: {
        tags,
        summary: "Bulk 'New status' (admin; supplier on its own fleet), all or nothing",
        body: UpdateBookingStatusBodySchema,
        response: { 200: CountResultSchema, ...errors },
      },
    },
    async (request) =>
      service.updateBookingStatus(
        ctx,
        requireUser(request, 'admin', 'supplier'),
        request.body.ids,
        request.body.status,
      ),
  );
};
