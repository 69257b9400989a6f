import { FeeRulesParamsSchema, FeeRulesSchema, UpdateFeeRulesBodySchema } from '@roam/contract/rental-fees.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { readFeeRules, updateFeeRules } from './fee-rules.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/**
 * A business's fees by rule (docs/api.md "Fees by rule"): a supplier's own (another supplier's: 403), the admin's for
 * any. Read by the business's desk; changed by its owner.
 */
export const feeRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: fees'];

  app.get(
    '/api/supplier-fee-rules/:id',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: "A supplier's young- and senior-driver fees, one-way refusal and country pairs (none if unset)",
        params: FeeRulesParamsSchema,
        response: { 200: FeeRulesSchema, ...errors },
      },
    },
    async (request) => readFeeRules(ctx, requireOperator(request), request.params.id),
  );

  app.put(
    '/api/update-supplier-fee-rules',
    {
      config: { auth: 'operator', permission: 'business.write' },
      schema: {
        tags,
        security,
        summary: "Replace a supplier's fees by rule",
        body: UpdateFeeRulesBodySchema,
        response: { 200: FeeRulesSchema, ...errors },
      },
    },
    async (request) => updateFeeRules(ctx, requireOperator(request), request.body),
  );
};
