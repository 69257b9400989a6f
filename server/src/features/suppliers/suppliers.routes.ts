import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The suppliers calls (issue #4). */
export const suppliersRoutes: FastifyPluginAsyncZod = async () => {};
