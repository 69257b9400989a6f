import { HealthSchema, SettingsSchema } from '@roam/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildSettings } from './settings.service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = buildSettings(app.config);

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
      reply.header('cache-control', 'public, max-age=300');
      return settings;
    },
  );
};
