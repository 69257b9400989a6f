import {
  CarBlockSchema,
  CarCalendarQuerySchema,
  CarCalendarSchema,
  CreateCarBlockBodySchema,
  UpdateCarBlockBodySchema,
} from '@roam/contract/car-blocks.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { carCalendar, createBlock, deleteBlock, updateBlock } from './car-blocks.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
/** A block holds a car (COMMON rules: rate limits on what holds a car), per account. */
const holdLimit = perAccountLimit(60, '1 minute');

/** Blocked periods and the per-car calendar: the car's supplier and admins only. */
export const carBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: blocked periods'];

  app.post(
    '/api/create-car-block',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...holdLimit },
      schema: {
        tags,
        security,
        summary: 'Block a car from one instant to another (maintenance, private use); 409 over a booking or block',
        body: CreateCarBlockBodySchema,
        response: { 201: CarBlockSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createBlock(ctx, requireOperator(request), request.body)),
  );

  app.put(
    '/api/update-car-block',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...holdLimit },
      schema: {
        tags,
        security,
        summary: 'Change a blocked period: the fields sent change',
        body: UpdateCarBlockBodySchema,
        response: { 200: CarBlockSchema, ...errors },
      },
    },
    async (request) => updateBlock(ctx, requireOperator(request), request.body),
  );

  app.delete(
    '/api/delete-car-block/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: 'Remove a blocked period: the car is free again for it',
        params: IdParamsSchema,
        response: { 200: z.object({ _id: z.uuid(), deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => deleteBlock(ctx, requireOperator(request), request.params.id),
  );

  app.get(
    '/api/car-calendar/:id',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "A car's bookings and blocked periods over a range (at most 400 days)",
        params: IdParamsSchema,
        querystring: CarCalendarQuerySchema,
        response: { 200: CarCalendarSchema, ...errors },
      },
    },
    async (request) => carCalendar(ctx, requireOperator(request), request.params.id, request.query),
  );
};
