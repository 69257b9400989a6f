import { createHmac } from 'node:crypto';
import { CheckoutBodySchema, CheckoutResultSchema } from '@roam/contract/checkout.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { guestTokenHashOf, issueGuestToken } from '#server/plugins/guest-token.ts';
import { checkout } from './checkout.service.ts';

/**
 * Checkouts per network address and minute. A customer books one car in a few tries (a field
 * the server refuses, a car taken meanwhile); ten a minute is room for that and for a few people sharing an
 * address, and slows anyone trying car after car. Refused checkouts count too: probing costs the same.
 */
export const CHECKOUT_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.ip,
};

/** The checkout call: signed-in driver or guest; the server prices and books. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');
  // The address as a keyed hash: a booking row keeps what is needed to match it, not the address itself.
  const clientKeyOf = (request: FastifyRequest) =>
    createHmac('sha256', app.config.SESSION_SECRET).update(request.ip).digest('base64url');
  app.post(
    '/api/checkout',
    {
      config: { auth: 'public', rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ['checkout'],
        summary: 'Book a car: re-checks everything, prices it, and holds the car for online payment',
        body: CheckoutBodySchema,
        response: { 201: CheckoutResultSchema, ...errorReplies(400, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      // A guest's browser gets (or keeps) its guest token: the proof it placed the booking.
      const user = request.sessionUser;
      const guestTokenHash = user ? guestTokenHashOf(request) : issueGuestToken(request, reply, secureCookie);
      const clientKey = clientKeyOf(request);
      const result = await checkout(app.context, request.body, { user, guestTokenHash, clientKey });
      return reply.status(201).send(result);
    },
  );
};
