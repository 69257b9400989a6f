import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The notifications calls (issue #6). */
export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
