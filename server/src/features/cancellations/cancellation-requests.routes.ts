import {
  CancellationDecisionSchema,
  CancellationRequestsPageSchema,
  CancellationRequestsQuerySchema,
  DeclineCancellationBodySchema,
} from '@roam/contract/cancellations.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { approveCancellation, declineCancellation, listRequests } from './cancellation-requests.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409, 503);
/** A decision e-mails the driver (COMMON rules: rate limits on what sends e-mail), per account. */
const mailLimit = perAccountLimit(60, '1 minute');

/** The cancellation requests queue: the car's supplier and admins decide. */
export const cancellationRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: cancellation requests'];

  app.post(
    '/api/cancellation-requests/:page/:size',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: "Open cancellation requests (a supplier's fleet, an admin's any), with what approval refunds",
        params: PageParamsSchema,
        body: CancellationRequestsQuerySchema,
        response: { 200: CancellationRequestsPageSchema, ...errors },
      },
    },
    async (request) =>
      listRequests(ctx, requireOperator(request), request.body, request.params.page, request.params.size),
  );

  app.post(
    '/api/approve-cancellation/:id',
    {
      config: { auth: 'operator', permission: 'bookings.write', ...mailLimit },
      schema: {
        tags,
        security,
        summary: 'Approve: the booking is cancelled and what the terms give is refunded through its gateway, once',
        params: IdParamsSchema,
        response: { 200: CancellationDecisionSchema, ...errors },
      },
    },
    async (request) => approveCancellation(ctx, requireOperator(request), request.params.id),
  );

  app.post(
    '/api/decline-cancellation/:id',
    {
      config: { auth: 'operator', permission: 'bookings.write', ...mailLimit },
      schema: {
        tags,
        security,
        summary: 'Decline with a message to the driver: the booking stays as it is',
        params: IdParamsSchema,
        body: DeclineCancellationBodySchema,
        response: { 200: CancellationDecisionSchema, ...errors },
      },
    },
    async (request) => declineCancellation(ctx, requireOperator(request), request.params.id, request.body.message),
  );
};
