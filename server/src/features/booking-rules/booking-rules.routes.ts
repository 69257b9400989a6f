import { RunTimeSettingsStateSchema, UpdateRunTimeSettingsBodySchema } from '@roam/contract/booking-rules.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { bookingRulesState, updateBookingRules } from './booking-rules.service.ts';

/** The admin's run-time booking rules; anonymous 401, a driver or a supplier 403. */
export const bookingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const admin = { config: { auth: 'admin' as const } };
  const errors = errorReplies(400, 401, 403);
  const tags = ['admin: booking rules'];
  app.get(
    '/api/booking-rules',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The booking rules in force, the deployment’s values, and the last change',
        response: { 200: RunTimeSettingsStateSchema, ...errors },
      },
    },
    async () => bookingRulesState(ctx),
  );
  app.put(
    '/api/update-booking-rules',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change booking rules at run time: only the ones sent; null returns one to the deployment’s value',
        body: UpdateRunTimeSettingsBodySchema,
        response: { 200: RunTimeSettingsStateSchema, ...errors },
      },
    },
    async (request) => updateBookingRules(ctx, requireUser(request, 'admin'), request.body),
  );
};
