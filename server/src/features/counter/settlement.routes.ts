import {
  CounterBookingSchema,
  CounterDepositBodySchema,
  CounterIdParamsSchema,
  CounterLanguageQuerySchema,
  CounterPaymentBodySchema,
  CounterRefundBodySchema,
} from '@roam/contract/counter.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { closeRentalWithSavedCard } from './after-rental-charge.service.ts';
import { sendBalanceLink } from './balance-link.service.ts';
import { operatedBooking } from './counter.guard.ts';
import { refundAtDesk, refundExcess } from './counter-refund.service.ts';
import { takeDeskDeposit } from './desk-deposit.service.ts';
import { takeCounterPayment } from './settlement.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
/** The call that e-mails the customer a payment link, per account, as the desk's other mail senders. */
const mailLimit = perAccountLimit(20, '1 hour');

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
    '/api/counter-deposit/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary:
          'The security deposit taken at the desk (cash, card terminal), held until the close; at most the deposit, once per `key`',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: CounterDepositBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return takeDeskDeposit(ctx, actor, request.params.id, request.body, request.query.language);
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
      return closeRentalWithSavedCard(ctx, actor, request.params.id, request.query.language);
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

  app.post(
    '/api/send-balance-link/:id',
    {
      config: { auth: 'operator', permission: 'counter', ...mailLimit },
      schema: {
        tags,
        security,
        summary:
          "E-mail the customer a link to pay online a returned rental's balance or a no-show's fee (409: nothing due)",
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return sendBalanceLink(ctx, actor, request.params.id, request.query.language);
    },
  );

  app.post(
    '/api/counter-desk-refund/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'Money handed back at the desk (cash, card terminal): at most the excess paid there; once per `key`',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: CounterRefundBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return refundAtDesk(ctx, actor, request.params.id, request.body, request.query.language);
    },
  );
};
