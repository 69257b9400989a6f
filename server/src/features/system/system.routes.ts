import { HealthSchema, SettingsSchema } from '@roam/contract/settings.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from './public-settings.service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema } },
    },
    async () => {
      await app.database.db.execute('select 1');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  app.get(
    '/api/settings',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Deployment settings the front end needs',
        response: { 200: SettingsSchema },
      },
    },
    async (_request, reply) => {
      // Revalidated, not cached for minutes: the admin changes the booking rules at run time, and
      // a site opens with its first bookable car.
      reply.header('cache-control', 'no-cache');
      return publicSettings(ctx);
    },
  );
};
