import {
  CountryWithLocationsListSchema,
  EditableLocationSchema,
  LanguageQuerySchema,
  LocationListSchema,
  LocationSchema,
  LocationsQuerySchema,
} from '@roam/contract/locations.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { countriesWithLocations, getLocation, listLocations } from './locations.service.ts';
import { readLocation } from './locations-admin.service.ts';

/** The locations calls: autocomplete, one location, the map, destinations by country. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/api/locations',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'Locations (child locations included) whose name in `language` contains `q`; all when `q` is empty',
        querystring: LocationsQuerySchema,
        response: { 200: LocationListSchema },
      },
    },
    async (request) => listLocations(ctx, request.query.language, request.query.q),
  );

  app.get(
    '/api/locations-with-position',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'Every location with its coordinates, for the map',
        querystring: LanguageQuerySchema,
        response: { 200: LocationListSchema },
      },
    },
    async (request) => listLocations(ctx, request.query.language),
  );

  app.get(
    '/api/location/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'One location; to the admin its editable fields (names in every language, address…)',
        params: IdParamsSchema,
        querystring: LanguageQuerySchema,
        // The admin's object first: a customer's reading lacks its fields, so it never passes for one.
        response: { 200: z.union([EditableLocationSchema, LocationSchema]), ...errorReplies(404) },
      },
    },
    async (request) => {
      // The admin reads what the editor writes back (PUT /api/update-location).
      const user = request.sessionUser;
      if (user && !user.blacklisted && user.type === 'admin') return readLocation(ctx, request.params.id);
      return getLocation(ctx, request.params.id, request.query.language);
    },
  );

  app.get(
    '/api/countries-with-locations',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'Countries with their locations (destinations by country)',
        querystring: LanguageQuerySchema,
        response: { 200: CountryWithLocationsListSchema },
      },
    },
    async (request) => countriesWithLocations(ctx, request.query.language),
  );
};
