import {
  FirstAdminSchema,
  SetupChecklistSchema,
  SetupStatusSchema,
  SetupTokenParamsSchema,
  TestEmailResultSchema,
} from '@roam/contract/setup.schema';
import { UserSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perIp } from '#server/features/auth/auth.rate-limits.ts';
import { toUser } from '#server/features/auth/auth.service.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { createSession, requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { createFirstAdmin, setupStatus } from './setup.service.ts';
import { sendTestEmail, setupChecklist } from './setup-checklist.service.ts';

/**
 * The set-up calls: is the logged link still good, create the first admin with it; then the admin's
 * checklist and its test e-mail (admin only: anonymous 401, a driver or a supplier 403).
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');

  app.get(
    '/api/setup/:token',
    {
      // A secret in the path: guessing it is slow.
      config: { auth: 'public', ...perIp(30, '10 minutes') },
      schema: {
        tags: ['setup'],
        summary: 'Whether a set-up link may still create the first admin',
        params: SetupTokenParamsSchema,
        response: { 200: SetupStatusSchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => setupStatus(ctx, request.params.token),
  );

  app.post(
    '/api/setup',
    {
      config: { auth: 'public', ...perIp(10, '10 minutes') },
      schema: {
        tags: ['setup'],
        summary: 'Creates the first admin with the set-up link the server logged, and signs them in',
        body: FirstAdminSchema,
        response: { 201: UserSchema, ...errorReplies(400, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const admin = await createFirstAdmin(ctx, request.body);
      await createSession(ctx.db, request, reply, admin.id, false, secureCookie);
      return reply.status(201).send(toUser(admin));
    },
  );

  app.get(
    '/api/setup-status',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['setup'],
        security,
        summary: 'The set-up checklist: what the business has done and what is left, from the database and environment',
        response: { 200: SetupChecklistSchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => setupChecklist(ctx, requireUser(request, 'admin')),
  );

  app.post(
    '/api/setup-test-email',
    {
      // It sends e-mail: a few per account (docs/architecture.md §5 rate limits).
      config: { auth: 'admin', ...perAccountLimit(3, '10 minutes') },
      schema: {
        tags: ['setup'],
        security,
        summary: "Sends a test e-mail to the admin's own address (outbox, then SMTP when configured)",
        response: { 200: TestEmailResultSchema, ...errorReplies(401, 403, 429, 503) },
      },
    },
    async (request) => sendTestEmail(ctx, requireUser(request, 'admin')),
  );
};
