import { WalkInBodySchema, WalkInResultSchema } from '@roam/contract/walk-in.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator } from '#server/plugins/session.ts';
import { bookWalkIn } from './walk-in.service.ts';

/** Walk-in and phone bookings. */
export const walkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/walk-in',
    {
      // Each call holds a car and may e-mail a customer: per operator account, as other senders are limited.
      config: { auth: 'operator', permission: 'walkIn', ...perAccountLimit(20, '10 minutes') },
      schema: {
        tags: ['checkout'],
        summary:
          "An operator books a car for a customer at the checkout's price: paid at the counter, or by an e-mailed link",
        body: WalkInBodySchema,
        response: { 201: WalkInResultSchema, ...errorReplies(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bookWalkIn(app.context, requireOperator(request), request.body)),
  );
};
