import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The newsletter calls (issue #6). */
export const newsletterRoutes: FastifyPluginAsyncZod = async () => {};
