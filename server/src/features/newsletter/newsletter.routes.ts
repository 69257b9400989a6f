import { AcceptedSchema, NewsletterSubscribeSchema, NewsletterTokenSchema } from '@roam/contract/contact.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { confirm, subscribe, unsubscribe } from './newsletter.service.ts';

/** Per visitor address: each subscribe sends an e-mail, so it must not become a mail cannon. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;
const TOKEN_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** The newsletter calls (the spec does not show their paths, docs/architecture.md §4 style). */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = { 200: AcceptedSchema, ...errorReplies(400, 404, 429) };

  app.post(
    '/api/newsletter/subscribe',
    {
      config: { auth: 'public', rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: 'Ask for the newsletter; a confirmation e-mail goes to the address (double opt-in)',
        body: NewsletterSubscribeSchema,
        response: responses,
      },
    },
    async (request) => {
      await subscribe(app.context, request.body.email, request.body.language);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      config: { auth: 'public', rateLimit: TOKEN_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token from the e-mail',
        body: NewsletterTokenSchema,
        response: responses,
      },
    },
    async (request) => {
      await confirm(app.context, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      config: { auth: 'public', rateLimit: TOKEN_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token from any newsletter e-mail',
        body: NewsletterTokenSchema,
        response: responses,
      },
    },
    async (request) => {
      await unsubscribe(app.context, request.body.token);
      return { ok: true as const };
    },
  );
};
