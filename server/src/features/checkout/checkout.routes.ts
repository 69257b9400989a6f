import { CheckoutBodySchema, CheckoutResultSchema } from '@roam/contract/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { checkout } from './checkout.service.ts';

/** The checkout call (issue #5): signed-in driver or guest; the server prices and books. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'Book a car: re-checks everything, prices it, and holds the car for online payment',
        body: CheckoutBodySchema,
        response: { 201: CheckoutResultSchema, ...errorReplies(400, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const result = await checkout(app.context, request.body, request.sessionUser);
      return reply.status(201).send(result);
    },
  );
};
