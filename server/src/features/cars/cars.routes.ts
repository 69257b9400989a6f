import type { SearchCarsResponse } from '@roam/contract/cars';
import {
  CarDetailsSchema,
  CarQuerySchema,
  RangePriceListSchema,
  SearchCarsBodySchema,
  SearchCarsResponseSchema,
} from '@roam/contract/cars.schema';
import { OperatorCarSchema } from '@roam/contract/fleet.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOperatorCar } from '#server/features/fleet/fleet.service.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { getCar, getPublicFile, listRangePrices, searchCars } from './cars.service.ts';
import { searchPageJson } from './search-page.json.ts';

/** The cars calls: the search, one car, and the public images (car pictures, supplier logos, avatars). */
export const carsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/api/search-cars/:page/:size',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cars'],
        summary: 'Cars free at the pick-up location (or below it) for the period, filtered, priced, one page',
        params: PageParamsSchema,
        body: SearchCarsBodySchema,
        response: { 200: SearchCarsResponseSchema, ...errorReplies(400) },
      },
    },
    async (request, reply) => {
      const { pickupLocationId, dropoffLocationId, pickupAt, dropoffAt, ...filters } = request.body;
      const page = await searchCars(ctx, {
        pickupLocationId,
        dropoffLocationId,
        pickupAt,
        dropoffAt,
        filters,
        page: request.params.page,
        size: request.params.size,
      });
      // The busiest call: its answer is built from typed Car objects only (no account, token or secret
      // can be in it), so it is written from each car's JSON kept with the fleet (search-page.json.ts) rather than
      // checked field by field against the schema, which took a third of a search's time. A JSON string is sent
      // as it is; the schema still documents the answer (OpenAPI) and the tests check every answer against it.
      return reply.type('application/json; charset=utf-8').send(searchPageJson(page) as unknown as SearchCarsResponse);
    },
  );

  app.get(
    '/api/range-prices',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cars'],
        summary: "Each vehicle range's lowest bookable daily price (the home page's car sizes)",
        response: { 200: RangePriceListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listRangePrices(ctx);
    },
  );

  app.get(
    '/api/car/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cars'],
        summary:
          "One car with its supplier and locations; to the car's operator (its supplier, an admin) its editable fields",
        params: IdParamsSchema,
        querystring: CarQuerySchema,
        // The operator's object first: a customer's reading lacks its fields, so it never passes for one.
        response: { 200: z.union([OperatorCarSchema, CarDetailsSchema]), ...errorReplies(404) },
      },
    },
    async (request) => {
      // The car's operator reads what the editor writes back (PUT /api/update-car).
      const user = request.sessionUser;
      if (user && !user.blacklisted && user.role !== null) {
        const car = await readOperatorCar(ctx, user, request.params.id, request.query.language);
        if (car) return car;
      }
      return getCar(ctx, request.params.id, request.query.language);
    },
  );

  app.get(
    '/api/files/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['cars'],
        summary: 'A public image (car image, supplier logo, avatar); driver licences are never served here',
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await getPublicFile(ctx, request.params.id);
      // File rows are immutable: a new upload is a new id.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(file.contentType);
      return reply.send(file.bytes);
    },
  );
};
