import { FirstAdminSchema, SetupStatusSchema, SetupTokenParamsSchema } from '@roam/contract/setup';
import { UserSchema } from '@roam/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { createSession } from '../../plugins/session.ts';
import { toUser } from '../auth/auth.service.ts';
import { perIp } from '../auth/rate-limits.ts';
import { createFirstAdmin, setupStatus } from './setup.service.ts';

/** The set-up screen's calls (issue #26): is the logged link still good, and create the first admin with it. */
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
      await createSession(ctx.db, reply, admin.id, false, secureCookie);
      return reply.status(201).send(toUser(admin));
    },
  );
};
