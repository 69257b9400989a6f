import { SocialSignInSchema } from '@roam/contract/auth.schema';
import { UserSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNoSecondFactor } from '#server/features/team/two-factor.service.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { createSession } from '#server/plugins/session.ts';
import { perIp } from './auth.rate-limits.ts';
import { toUser } from './auth.service.ts';
import { createSocialVerifier, signInWithIdentity } from './social.service.ts';

/** `POST /api/social-sign-in` (spec §7) with Google, Facebook or Apple. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const { db } = ctx;
  const verify = createSocialVerifier(app.config);
  const secureCookie = app.config.PUBLIC_URL.startsWith('https:');

  app.post(
    '/api/social-sign-in',
    {
      config: { auth: 'public', ...perIp(20) },
      schema: {
        tags: ['auth'],
        summary: "Signs in with a provider's token, verified by the server; creates the account on first use",
        body: SocialSignInSchema,
        response: { 200: UserSchema, ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const identity = await verify(request.body.provider, request.body.token);
      const user = await signInWithIdentity(ctx, identity, request.body);
      // A provider's token is no second factor: an account with one signs in with its password and code.
      await assertNoSecondFactor(ctx, user.id);
      await createSession(db, request, reply, user.id, request.body.stayConnected, secureCookie);
      return toUser(user);
    },
  );
};
