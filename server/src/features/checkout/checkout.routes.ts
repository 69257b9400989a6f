import { CheckoutBodySchema, CheckoutResultSchema } from '@roam/contract/checkout';
import { ApiErrorSchema } from '@roam/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkout } from './checkout.service.ts';

/** The checkout call (issue #5): signed-in driver or guest; the server prices and books. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Book a car: re-checks everything, prices it, and holds the car for online payment',
        body: CheckoutBodySchema,
        response: {
          201: CheckoutResultSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await checkout(app.context, request.body, request.sessionUser);
      return reply.status(201).send(result);
    },
  );
};
