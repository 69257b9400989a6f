import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The bookings calls (issue #5). */
export const bookingsRoutes: FastifyPluginAsyncZod = async () => {};
