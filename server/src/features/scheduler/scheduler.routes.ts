import { PageParamsSchema } from '@roam/contract/paging.schema';
import { SchedulerBodySchema, SchedulerPageSchema } from '@roam/contract/scheduler.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { schedulerPage } from './scheduler.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/** The scheduler: the car's supplier and admins only. */
export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.post(
    '/api/scheduler/:page/:size',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags: ['operator: scheduler'],
        security,
        summary: "A page of a place's cars with their bookings and blocked periods from one date to another there",
        params: PageParamsSchema,
        body: SchedulerBodySchema,
        response: { 200: SchedulerPageSchema, ...errors },
      },
    },
    async (request) =>
      schedulerPage(ctx, requireOperator(request), request.body, request.params.page, request.params.size),
  );
};
