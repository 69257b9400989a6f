import {
  CarChargeRulesSchema,
  CounterIdParamsSchema,
  CounterSettingsSchema,
  UpdateCarChargeRulesBodySchema,
  UpdateCounterSettingsBodySchema,
} from '@roam/contract/counter.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import {
  readCarChargeRules,
  readCounterSettings,
  updateCarChargeRules,
  updateCounterSettings,
} from './counter-settings.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/**
 * A supplier's counter settings and charge rules, a car's overrides (docs/api.md "The counter"): a supplier's own
 * (another supplier's or its car: 403), the admin's for any. Read by the desk; changed by the business's managers.
 */
export const counterSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: counter'];

  app.get(
    '/api/counter-settings/:id',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: "A supplier's checklist, agreement terms, windows, no-show rule and charge rules (defaults if unset)",
        params: CounterIdParamsSchema,
        response: { 200: CounterSettingsSchema, ...errors },
      },
    },
    async (request) => readCounterSettings(ctx, requireOperator(request), request.params.id),
  );

  app.put(
    '/api/update-counter-settings',
    {
      config: { auth: 'operator', permission: 'business.write' },
      schema: {
        tags,
        security,
        summary: 'Change the counter settings: the fields sent replace the stored ones',
        body: UpdateCounterSettingsBodySchema,
        response: { 200: CounterSettingsSchema, ...errors },
      },
    },
    async (request) => updateCounterSettings(ctx, requireOperator(request), request.body),
  );

  app.get(
    '/api/car-charge-rules/:id',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "A car's tank, odometer, last service reading and its overrides of the charge rules",
        params: CounterIdParamsSchema,
        response: { 200: CarChargeRulesSchema, ...errors },
      },
    },
    async (request) => readCarChargeRules(ctx, requireOperator(request), request.params.id),
  );

  app.put(
    '/api/update-car-charge-rules',
    {
      config: { auth: 'operator', permission: 'prices.write' },
      schema: {
        tags,
        security,
        summary: "Change a car's tank, odometer, service reading or overrides (null: the supplier's rule)",
        body: UpdateCarChargeRulesBodySchema,
        response: { 200: CarChargeRulesSchema, ...errors },
      },
    },
    async (request) => updateCarChargeRules(ctx, requireOperator(request), request.body),
  );
};
