import { DashboardQuerySchema, DashboardSchema } from '@roam/contract/dashboard.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { dashboard } from './dashboard.service.ts';

const errors = errorReplies(400, 401, 403);

/** The dashboard: suppliers (their own) and admins. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.get(
    '/api/dashboard',
    {
      config: { auth: 'operator', permission: 'dashboard' },
      schema: {
        tags: ['operator: dashboard'],
        security,
        summary: "Today's pick-ups and drop-offs per place, the queues, and a period's revenue and utilisation",
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => dashboard(ctx, requireOperator(request), request.query),
  );
};
