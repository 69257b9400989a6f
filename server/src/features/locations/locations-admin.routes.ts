import {
  CreateCountryBodySchema,
  CreateLocationBodySchema,
  DeletedSchema,
  EditableCountrySchema,
  EditableLocationSchema,
  PlacesSchema,
  UpdateCountryBodySchema,
  UpdateLocationBodySchema,
} from '@roam/contract/locations.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import * as service from './locations-admin.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * The admin's places calls; admins only (anonymous 401, a driver or a supplier 403).
 * `GET /api/location/{id}` answers the admin the editable location (locations.routes.ts).
 */
export const locationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['admin: locations'];
  const admin = { config: { auth: 'admin' as const } };

  app.get(
    '/api/admin-locations',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Every country and location, editable',
        response: { 200: PlacesSchema, ...errors },
      },
    },
    async () => service.listAdminLocations(ctx),
  );

  app.post(
    '/api/create-location',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Create a location: names in the five languages, address, coordinates, IANA time zone, parent',
        body: CreateLocationBodySchema,
        response: { 201: EditableLocationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLocation(ctx, requireUser(request, 'admin'), request.body)),
  );

  app.put(
    '/api/update-location',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change a location: the fields sent change (names: the languages sent)',
        body: UpdateLocationBodySchema,
        response: { 200: EditableLocationSchema, ...errors },
      },
    },
    async (request) => service.updateLocation(ctx, requireUser(request, 'admin'), request.body),
  );

  app.delete(
    '/api/delete-location/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Delete a location (409 while a car or a booking uses it, or a location is inside it)',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => service.deleteLocation(ctx, requireUser(request, 'admin'), request.params.id),
  );

  app.get(
    '/api/country/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'A country, editable',
        params: IdParamsSchema,
        response: { 200: EditableCountrySchema, ...errors },
      },
    },
    async (request) => service.readCountry(ctx, request.params.id),
  );

  app.post(
    '/api/create-country',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Create a country: ISO code and names in the five languages',
        body: CreateCountryBodySchema,
        response: { 201: EditableCountrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCountry(ctx, requireUser(request, 'admin'), request.body)),
  );

  app.put(
    '/api/update-country',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change a country: the fields sent change',
        body: UpdateCountryBodySchema,
        response: { 200: EditableCountrySchema, ...errors },
      },
    },
    async (request) => service.updateCountry(ctx, requireUser(request, 'admin'), request.body),
  );

  app.delete(
    '/api/delete-country/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Delete a country (409 while a location is in it)',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => service.deleteCountry(ctx, requireUser(request, 'admin'), request.params.id),
  );
};
