import {
  CarCatalogueExtrasQuerySchema,
  CatalogueExtraListSchema,
  CatalogueExtraSchema,
  CatalogueExtrasQuerySchema,
  CreateCatalogueExtraBodySchema,
  OfferedCatalogueExtrasSchema,
  UpdateCatalogueExtraBodySchema,
} from '@roam/contract/catalogue-extras.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import {
  carCatalogueExtras,
  createCatalogueExtra,
  deleteCatalogueExtra,
  listCatalogueExtras,
  updateCatalogueExtra,
} from './catalogue-extras.service.ts';

const errors = errorReplies(400, 401, 403, 404);

/** The business's own extras: edited by its team with the prices permission; offered to everyone by car. */
export const catalogueExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: catalogue extras'];

  app.get(
    '/api/catalogue-extras',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "The business's own extras (an admin's: every business's, or the one named)",
        querystring: CatalogueExtrasQuerySchema,
        response: { 200: CatalogueExtraListSchema, ...errors },
      },
    },
    async (request) => listCatalogueExtras(ctx, requireOperator(request), request.query.supplierId),
  );

  app.post(
    '/api/create-catalogue-extra',
    {
      config: { auth: 'operator', permission: 'prices.write' },
      schema: {
        tags,
        security,
        summary: 'Add an extra to the catalogue (an admin names its business)',
        body: CreateCatalogueExtraBodySchema,
        response: { 201: CatalogueExtraSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCatalogueExtra(ctx, requireOperator(request), request.body)),
  );

  app.put(
    '/api/update-catalogue-extra/:id',
    {
      config: { auth: 'operator', permission: 'prices.write' },
      schema: {
        tags,
        security,
        summary: 'Change an extra: every field, its stock per location included; booked ones keep their terms',
        params: IdParamsSchema,
        body: UpdateCatalogueExtraBodySchema,
        response: { 200: CatalogueExtraSchema, ...errors },
      },
    },
    async (request) => updateCatalogueExtra(ctx, requireOperator(request), request.params.id, request.body),
  );

  app.delete(
    '/api/delete-catalogue-extra/:id',
    {
      config: { auth: 'operator', permission: 'prices.write' },
      schema: {
        tags,
        security,
        summary: 'Remove an extra from the catalogue; the bookings that bought it keep it',
        params: IdParamsSchema,
        response: { 200: z.object({ _id: z.uuid(), deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => deleteCatalogueExtra(ctx, requireOperator(request), request.params.id),
  );

  app.get(
    '/api/car-catalogue-extras/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cars'],
        summary: 'The extras a car offers at a pick-up location, with how many are left over the period',
        params: IdParamsSchema,
        querystring: CarCatalogueExtrasQuerySchema,
        response: { 200: OfferedCatalogueExtrasSchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => carCatalogueExtras(ctx, request.params.id, request.query),
  );
};
