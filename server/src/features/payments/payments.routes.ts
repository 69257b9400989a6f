import {
  BookingIdParamsSchema,
  CheckoutSessionParamsSchema,
  CheckPaypalOrderParamsSchema,
  CreatePaypalOrderBodySchema,
  CreatePaypalOrderResultSchema,
  DemoPaymentBodySchema,
  PaymentOutcomeSchema,
  PaymentResultSchema,
  PendingPaymentSchema,
  SummaryLanguageQuerySchema,
} from '@roam/contract/checkout.schema';
import type { Language } from '@roam/contract/languages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expireUnpaidChanges } from '#server/features/amendments/amendment-payments.service.ts';
import { renewLapsingHolds } from '#server/features/holds/hold-renewal.service.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { bookingGrantHashOf } from '#server/plugins/booking-grant.ts';
import { guestTokenHashOf } from '#server/plugins/guest-token.ts';
import * as card from './card-payments.service.ts';
import type { Payer } from './payment-party.service.ts';
import * as results from './payment-results.service.ts';
import * as payments from './payments.service.ts';
import * as wallet from './wallet-payments.service.ts';

const SWEEP_MS = 60_000;
const errors = errorReplies(400, 402, 403, 404, 409);

/** Who calls: the signed-in account (not a suspended one), the browser's guest token and booking grant, if any. */
function payerOf(request: FastifyRequest): Payer {
  const user = request.sessionUser;
  return {
    user: user && !user.blacklisted ? user : null,
    guestTokenHash: guestTokenHashOf(request),
    grantHash: bookingGrantHashOf(request),
  };
}

/**
 * Payment calls. A guest pays without a session, so these routes are public; the payments service lets
 * only the party that placed the booking pay it — its driver's session, or the guest's browser token.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const languageOf = (query: { language?: Language | undefined }) => query.language ?? ctx.config.DEFAULT_LANGUAGE;

  // Holds that lapsed stop blocking their car (every checkout also releases its own car's first), and changes whose
  // difference was not paid in time expire.
  const sweep = setInterval(() => {
    app.inFlight.run('hold sweep failed', () => payments.releaseExpiredHolds(ctx, ctx.db));
    app.inFlight.run('change payment sweep failed', () => expireUnpaidChanges(ctx));
    // Deposit holds about to lapse before the return are authorised again on a saved card (docs/decisions/0012).
    app.inFlight.run('deposit hold renewal failed', () => renewLapsingHolds(ctx));
  }, SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/api/demo-payment/:bookingId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Demo gateway: pay an online-payment booking with a test card (no real charge)',
        params: BookingIdParamsSchema,
        body: DemoPaymentBodySchema,
        response: { 200: PaymentResultSchema, ...errors },
      },
    },
    async (request) => payments.payWithDemoCard(ctx, payerOf(request), request.params.bookingId, request.body),
  );

  app.get(
    '/api/checkout-session/:sessionId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          'Payment result of a card provider session (confirms it when paid) or of a booking id (pay later, demo, wallet), with the booking summary',
        params: CheckoutSessionParamsSchema,
        querystring: SummaryLanguageQuerySchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      results.paymentOutcome(ctx, payerOf(request), request.params.sessionId, languageOf(request.query)),
  );

  app.get(
    '/api/booking-payment/:bookingId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The payment step of a booking awaiting its online payment (a reload of the step, or "pay now")',
        params: BookingIdParamsSchema,
        querystring: SummaryLanguageQuerySchema,
        response: { 200: PendingPaymentSchema, ...errors },
      },
    },
    async (request) =>
      results.pendingPayment(ctx, payerOf(request), request.params.bookingId, languageOf(request.query)),
  );

  app.post(
    '/api/create-paypal-order/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Wallet provider: create the order of a booking (spec §7)',
        body: CreatePaypalOrderBodySchema,
        response: { 200: CreatePaypalOrderResultSchema, ...errors, ...errorReplies(503) },
      },
    },
    async (request) => wallet.createWalletOrder(ctx, payerOf(request), request.body),
  );

  app.post(
    '/api/check-paypal-order/:bookingId/:orderId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Wallet provider: verify (and capture) the order, then confirm the booking (spec §7)',
        params: CheckPaypalOrderParamsSchema,
        response: { 200: PaymentResultSchema, ...errors },
      },
    },
    async (request) => wallet.checkWalletOrder(ctx, payerOf(request), request.params.bookingId, request.params.orderId),
  );

  // The webhook needs the raw bytes to verify the signature: its own scope with a Buffer JSON parser.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/stripe-webhook',
      {
        // Authenticated by the card provider's signature; sent by its servers, which carry no Origin.
        config: { auth: 'public', serverToServer: true },
        schema: {
          tags: ['payments'],
          summary: 'Card provider webhook (signed): checkout.session.completed / expired',
          response: { 200: z.object({ received: z.literal(true) }), ...errorReplies(400, 404) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await card.handleCardWebhook(
          ctx,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  });
};
