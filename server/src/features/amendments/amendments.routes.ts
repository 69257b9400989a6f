import {
  AmendmentOrderParamsSchema,
  AmendmentParamsSchema,
  AmendmentPaymentSchema,
  AmendmentQuoteSchema,
} from '@roam/contract/amendments.schema';
import { BookingLanguageQuerySchema, BookingSchema, UpdateBookingBodySchema } from '@roam/contract/bookings.schema';
import {
  CreatePaypalOrderResultSchema,
  DemoPaymentBodySchema,
  PaymentResultSchema,
} from '@roam/contract/checkout.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBookingHolder } from '#server/features/booking-access/booking-holder.guard.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perBookingLimit } from '#server/plugins/rate-limit.ts';
import * as service from './amendments.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409, 429);

/**
 * A change to a booking, priced and paid (docs/api.md "Change a booking"): its quote, paying a dearer change's
 * difference by card, demo card or wallet before it applies, and making the change (update-booking, spec §7).
 */
export const amendmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['amendments'];

  app.post(
    '/api/amendment-quote/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'What a change would cost: new total, difference, charged / refunded / at the counter',
        params: IdParamsSchema,
        body: UpdateBookingBodySchema,
        response: { 200: AmendmentQuoteSchema, ...errors },
      },
    },
    async (request) =>
      service.amendmentQuote(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/amendment-payment/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: 'Confirm a dearer change of a booking paid online: pay its difference, then it applies',
        params: IdParamsSchema,
        body: UpdateBookingBodySchema,
        response: { 200: AmendmentPaymentSchema, ...errors },
      },
    },
    async (request) =>
      service.payForChange(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/balance-payment/:id',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary:
          "Pay online what an operator's change made due on a booking paid online in full: as a change's difference",
        params: IdParamsSchema,
        response: { 200: AmendmentPaymentSchema, ...errors },
      },
    },
    async (request) =>
      service.payDue(ctx, await requireBookingHolder(ctx, request, request.params.id), request.params.id),
  );

  app.post(
    '/api/pay-amendment/:id/:amendmentId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "Pay a change's difference by the demo card (test mode); the change applies once",
        params: AmendmentParamsSchema,
        body: DemoPaymentBodySchema,
        response: { 200: PaymentResultSchema, ...errors },
      },
    },
    async (request) =>
      service.payChangeByDemoCard(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.params.amendmentId,
        request.body,
      ),
  );

  app.post(
    '/api/amendment-paypal-order/:id/:amendmentId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "The wallet's order of a change's difference",
        params: AmendmentParamsSchema,
        response: { 200: CreatePaypalOrderResultSchema, ...errors, ...errorReplies(503) },
      },
    },
    async (request) =>
      service.changeWalletOrder(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.params.amendmentId,
      ),
  );

  app.post(
    '/api/check-amendment-paypal-order/:id/:amendmentId/:orderId',
    {
      config: { auth: 'bookingHolder' },
      schema: {
        tags,
        summary: "Capture the wallet order of a change's difference; the change applies once",
        params: AmendmentOrderParamsSchema,
        response: { 200: PaymentResultSchema, ...errors },
      },
    },
    async (request) =>
      service.checkChangeWallet(
        ctx,
        await requireBookingHolder(ctx, request, request.params.id),
        request.params.id,
        request.params.amendmentId,
        request.params.orderId,
      ),
  );

  app.post(
    '/api/update-booking/:id',
    {
      // Each change e-mails the driver and the supplier: 10 changes of one booking in 10 minutes, whoever makes them.
      config: { auth: 'bookingHolder', ...perBookingLimit(10, '10 minutes') },
      schema: {
        // Listed with the booking's calls in the API document, as the spec lists it.
        tags: ['bookings'],
        summary:
          'Change a booking (driver or its link: period, drop-off, extras, re-priced and settled; operator: more)',
        params: IdParamsSchema,
        querystring: BookingLanguageQuerySchema,
        body: UpdateBookingBodySchema,
        response: { 200: BookingSchema, ...errors, ...errorReplies(503) },
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
};
