import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The checkout calls (issue #5). */
export const checkoutRoutes: FastifyPluginAsyncZod = async () => {};
