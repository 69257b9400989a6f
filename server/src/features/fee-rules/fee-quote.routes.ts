import { CarRentalFeesQuerySchema, FeeQuoteSchema } from '@roam/contract/rental-fees.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { carFeeQuote } from './fee-quote.service.ts';

/** Per address, as the checkout's other public check (the promo code's): a screen asks once per car and places. */
const QUOTES_PER_IP = { max: 60, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => request.ip };

/** The fees by rule a rental of a car would pay, asked by the checkout before Book (public, no personal data). */
export const feeQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/car-rental-fees/:id',
    {
      config: { auth: 'public', rateLimit: QUOTES_PER_IP },
      schema: {
        tags: ['cars'],
        summary: "A car's fees by rule between two places: the age bands (per day) and the one-way fee, or its refusal",
        params: IdParamsSchema,
        querystring: CarRentalFeesQuerySchema,
        response: { 200: FeeQuoteSchema, ...errorReplies(400, 404, 429) },
      },
    },
    async (request) => carFeeQuote(app.context, request.params.id, request.query),
  );
};
