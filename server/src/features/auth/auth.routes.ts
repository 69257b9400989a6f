import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { socialRoutes } from './social.routes.ts';

/** The auth calls (issue #3), rate limited per route (see rate-limits.ts); the limiter is scoped to this slice. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // preHandler: the body is parsed by then, so a limit can be keyed by the e-mail address.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(socialRoutes);
};
