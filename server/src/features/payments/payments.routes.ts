import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The payments calls (issue #5). */
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};
