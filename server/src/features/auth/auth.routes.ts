import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The auth calls (issue #3). */
export const authRoutes: FastifyPluginAsyncZod = async () => {};
