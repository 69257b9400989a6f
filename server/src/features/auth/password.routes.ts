import {
  ChangePasswordSchema,
  CheckPasswordParamsSchema,
  HasPasswordSchema,
  OkSchema,
} from '@roam/contract/auth.schema';
import { UserIdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireSelfOrAdmin } from '#server/plugins/session.ts';
import { changePassword, checkPassword, hasPassword } from './account.service.ts';

const errors = errorReplies(400, 401, 403, 404, 429);

/** Password checks and changes of a signed-in account (spec §7). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // Password guesses through a stolen session are limited like sign-in.
  const perIpAndUser = {
    rateLimit: {
      max: 10,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string; params: unknown; body: unknown }) => {
        const source = (request.params ?? request.body) as { userId?: string } | undefined;
        return `${request.ip}|${source?.userId ?? ''}`;
      },
    },
  };

  app.get(
    '/api/check-password/:userId/:password',
    {
      config: { auth: 'signedIn', ...perIpAndUser },
      schema: {
        tags: ['auth'],
        summary: "200 when the password is the account's (the logger redacts it from the URL)",
        params: CheckPasswordParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      await checkPassword(ctx, request.params.userId, request.params.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/change-password',
    {
      config: { auth: 'signedIn', ...perIpAndUser },
      schema: {
        tags: ['auth'],
        summary: 'Changes the password and revokes every other session of the account',
        body: ChangePasswordSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireSelfOrAdmin(request, request.body.userId);
      await changePassword(ctx, actor, request.body, request.sessionTokenHash);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/has-password/:userId',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the account has a password (social sign-in accounts have none)',
        params: UserIdParamsSchema,
        response: { 200: HasPasswordSchema, ...errors },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return { hasPassword: await hasPassword(ctx, request.params.userId) };
    },
  );
};
