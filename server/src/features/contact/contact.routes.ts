import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The contact calls (issue #6). */
export const contactRoutes: FastifyPluginAsyncZod = async () => {};
