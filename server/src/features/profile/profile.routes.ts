import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The profile calls (issue #6). */
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
