import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The cars calls (issue #4). */
export const carsRoutes: FastifyPluginAsyncZod = async () => {};
