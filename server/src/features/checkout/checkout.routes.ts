import { CheckoutBodySchema, CheckoutResultSchema } from '@roam/contract/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { guestTokenHashOf, issueGuestToken } from '../../plugins/guest-token.ts';
import { checkout } from './checkout.service.ts';

/** The checkout call (issue #5): signed-in driver or guest; the server prices and books. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');
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
      // A guest's browser gets (or keeps) its guest token: the proof it placed the booking (issue #21).
      const user = request.sessionUser;
      const guestTokenHash = user ? guestTokenHashOf(request) : issueGuestToken(request, reply, secureCookie);
      const result = await checkout(app.context, request.body, { user, guestTokenHash });
      return reply.status(201).send(result);
    },
  );
};
