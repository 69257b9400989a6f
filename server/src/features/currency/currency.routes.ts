import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The currency calls (issue #7). */
export const currencyRoutes: FastifyPluginAsyncZod = async () => {};
