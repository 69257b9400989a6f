import { RunTimeSettingsStateSchema, UpdateRunTimeSettingsBodySchema } from '@roam/contract/run-time-settings';
import { HealthSchema, SettingsSchema } from '@roam/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '../../plugins/session.ts';
import { runTimeSettingsState, updateRunTimeSettings } from '../booking-rules/booking-rules.service.ts';
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
      // Revalidated, not cached for minutes: the admin changes the booking rules at run time (issue #24 item 7), and
      // a site opens with its first bookable car (issue #26).
      reply.header('cache-control', 'no-cache');
      return publicSettings(ctx);
    },
  );

  // The admin's run-time booking rules (issue #24 item 7); anonymous 401, a driver or a supplier 403.
  const admin = { config: { auth: 'admin' as const } };
  const errors = errorReplies(400, 401, 403);
  app.get(
    '/api/run-time-settings',
    {
      ...admin,
      schema: {
        tags: ['admin: settings'],
        security,
        summary: 'The booking rules in force, the deployment’s values, and the last change',
        response: { 200: RunTimeSettingsStateSchema, ...errors },
      },
    },
    async () => runTimeSettingsState(ctx),
  );
  app.put(
    '/api/update-run-time-settings',
    {
      ...admin,
      schema: {
        tags: ['admin: settings'],
        security,
        summary: 'Change booking rules at run time: only the ones sent; null returns one to the deployment’s value',
        body: UpdateRunTimeSettingsBodySchema,
        response: { 200: RunTimeSettingsStateSchema, ...errors },
      },
    },
    async (request) => updateRunTimeSettings(ctx, requireUser(request, 'admin'), request.body),
  );
};
