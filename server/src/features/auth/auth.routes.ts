import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { socialRoutes } from './social.routes.ts';

/** The auth calls, rate limited per route (see auth.rate-limits.ts; the limiter is registered in app.ts). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(socialRoutes);
};
