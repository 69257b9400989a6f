import {
  CounterBookingSchema,
  CounterIdParamsSchema,
  CounterLanguageQuerySchema,
  CounterPaymentBodySchema,
} from '@roam/contract/counter.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { operatedBooking } from './counter.guard.ts';
import { refundExcess } from './counter-refund.service.ts';
import { closeRental, takeCounterPayment } from './settlement.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * The counter's settlement (docs/api.md "The counter"): money taken at the desk and the rental closed, by the
 * supplier's operators with the `counter` permission on its own bookings (another fleet's: 404), the admin on all.
 */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: counter'];

  app.post(
    '/api/counter-payment/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'Money taken at the desk (cash, card terminal, bank transfer), at most the balance; once per `key`',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: CounterPaymentBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return takeCounterPayment(ctx, actor, request.params.id, request.body, request.query.language);
    },
  );

  app.post(
    '/api/close-booking/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'Close a returned rental whose balance is 0 (409 naming it otherwise); receipt and report e-mailed',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return closeRental(ctx, actor, request.params.id, request.query.language);
    },
  );

  app.post(
    '/api/counter-refund/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary:
          'Refund what was paid beyond the balance through the gateways it was paid with (409: nothing to refund)',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return refundExcess(ctx, actor, request.params.id, request.query.language);
    },
  );
};
