import { AcceptedSchema, ContactMessageSchema } from '@roam/contract/contact.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { sendContactMessage } from './contact.service.ts';

/** Messages per visitor address per window: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** The contact call (spec §7 `POST /api/send-email`). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/send-email',
    {
      config: { auth: 'public', rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the provider (delivered to CONTACT_EMAIL)',
        body: ContactMessageSchema,
        response: { 200: AcceptedSchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      await sendContactMessage(app.context, request.body, request.ip);
      return { ok: true as const };
    },
  );
};
