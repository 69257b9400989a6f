import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The locations calls (issue #4). */
export const locationsRoutes: FastifyPluginAsyncZod = async () => {};
