import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import {
  CheckPromoCodeBodySchema,
  CreatePromoCodeBodySchema,
  PromoCodeListSchema,
  PromoCodeSchema,
  PromoCodesQuerySchema,
  PromoDiscountSchema,
  UpdatePromoCodeBodySchema,
} from '@roam/contract/promo-codes.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { failureBudget, perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { checkPromoCode } from './promo-check.service.ts';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './promo-codes.service.ts';

/**
 * A code is a secret a caller may guess: checks per address and minute, and unknown codes per address and hour
 * (a customer mistypes a few; a guesser is stopped after 20 until the hour ends).
 */
const CHECKS_PER_IP = { max: 30, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => request.ip };
export const UNKNOWN_CODES_PER_IP = { max: 20, windowMs: 60 * 60_000 };

/** Promo codes: managed by a business (and the platform) in the console, checked by the customer's checkout. */
export const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: promo codes'];
  const writes = { auth: 'operator', permission: 'business.write', ...perAccountLimit(60, '1 minute') } as const;
  const unknownCodes = failureBudget(ctx.db, 'unknown promo codes per IP', UNKNOWN_CODES_PER_IP);

  app.get(
    '/api/promo-codes',
    {
      config: { auth: 'operator', permission: 'business.write' },
      schema: {
        tags,
        security,
        summary: "The business's promo codes with their uses (the admin's: every code, or one business's)",
        querystring: PromoCodesQuerySchema,
        response: { 200: PromoCodeListSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listPromoCodes(ctx, requireOperator(request), request.query),
  );

  app.post(
    '/api/create-promo-code',
    {
      config: writes,
      schema: {
        tags,
        security,
        summary: 'Create a promo code: a percentage or an amount off, its dates, where it applies and its limits',
        body: CreatePromoCodeBodySchema,
        response: { 201: PromoCodeSchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPromoCode(ctx, requireOperator(request), request.body)),
  );

  app.put(
    '/api/update-promo-code',
    {
      config: writes,
      schema: {
        tags,
        security,
        summary: 'Change a promo code: the fields sent change',
        body: UpdatePromoCodeBodySchema,
        response: { 200: PromoCodeSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => updatePromoCode(ctx, requireOperator(request), request.body),
  );

  app.delete(
    '/api/delete-promo-code/:id',
    {
      config: writes,
      schema: {
        tags,
        security,
        summary: 'Delete a promo code (its bookings keep their discount)',
        params: IdParamsSchema,
        response: {
          200: z.object({ _id: z.uuid(), deleted: z.literal(true) }),
          ...errorReplies(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await deletePromoCode(ctx, requireOperator(request), request.params.id);
      return { _id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/api/check-promo-code',
    {
      config: { auth: 'public', rateLimit: CHECKS_PER_IP },
      schema: {
        tags: ['checkout'],
        summary: 'Whether a promo code applies to a rental, and what it takes off (checkout checks it again)',
        body: CheckPromoCodeBodySchema,
        response: { 200: PromoDiscountSchema, ...errorReplies(400, 404, 429) },
      },
    },
    async (request) => {
      await unknownCodes.assertLeft(request.ip);
      try {
        return await checkPromoCode(ctx, request.sessionUser, request.body);
      } catch (error) {
        if (error instanceof AppError && error.message === PROMO_MESSAGES.invalid) await unknownCodes.spend(request.ip);
        throw error;
      }
    },
  );
};
