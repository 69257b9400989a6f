import { ReconciliationQuerySchema, ReconciliationSchema } from '@roam/contract/reconciliation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { reconciliationOf } from './reconciliation.service.ts';

const errors = errorReplies(400, 401, 403);

/**
 * The reconciliation (docs/decisions/0015-reconciliation.md): the platform's money against what the gateways
 * confirmed, every business's at once — the admin's only (`platform`).
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  app.get(
    '/api/reconciliation',
    {
      config: { auth: 'admin', permission: 'platform' },
      schema: {
        tags: ['admin: money'],
        security,
        summary: 'Per gateway and day (UTC): what Roam recorded against what the gateway confirmed, and each mismatch',
        querystring: ReconciliationQuerySchema,
        response: { 200: ReconciliationSchema, ...errors },
      },
    },
    async (request) => reconciliationOf(ctx, request.query),
  );
};
