import { AuditHistorySchema } from '@roam/contract/audit.schema';
import { CarQuerySchema } from '@roam/contract/cars.schema';
import {
  CreateCarBodySchema,
  DeleteCarResultSchema,
  OperatorCarSchema,
  OperatorCarsPageSchema,
  OperatorCarsQuerySchema,
  UpdateCarBodySchema,
} from '@roam/contract/fleet.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carHistory } from '#server/features/audit/audit.service.ts';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { registerUploads, uploadedBytes, uploadRateLimit } from '#server/plugins/uploads.ts';
import { carPhotoRoutes } from './car-photos.routes.ts';
import { removeFirstPhoto, replaceFirstPhoto } from './car-photos.service.ts';
import { createCar, deleteCar, operatedCar, updateCar } from './fleet.service.ts';
import { listOperatorCars } from './fleet-list.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * The operator's fleet calls: the cars list, create, update, delete, the image, the audit trail. Suppliers
 * and admins only (anonymous 401, a driver 403); a supplier on another supplier's car 403. `GET /api/car/{id}` answers
 * a car's operator its editable fields (cars.routes.ts).
 */
export const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  await app.register(carPhotoRoutes);
  const ctx = app.context;
  const tags = ['operator: cars'];

  app.post(
    '/api/cars/:page/:size',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "The operator's cars: a supplier's own, an admin's any supplier's; filtered, sorted, one page",
        params: PageParamsSchema,
        body: OperatorCarsQuerySchema,
        response: { 200: OperatorCarsPageSchema, ...errors },
      },
    },
    async (request) =>
      listOperatorCars(ctx, requireOperator(request), request.body, request.params.page, request.params.size),
  );

  app.post(
    '/api/create-car',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: 'Create a car (an admin names its supplier); answers the car with its _id',
        querystring: CarQuerySchema,
        body: CreateCarBodySchema,
        response: { 201: OperatorCarSchema, ...errors },
      },
    },
    async (request, reply) => {
      const car = await createCar(ctx, requireOperator(request), request.body, request.query.language);
      return reply.status(201).send(car);
    },
  );

  app.put(
    '/api/update-car',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: 'Change a car: the fields sent change (absent: unchanged, null: cleared); the car as stored',
        querystring: CarQuerySchema,
        body: UpdateCarBodySchema,
        response: { 200: OperatorCarSchema, ...errors },
      },
    },
    async (request) => updateCar(ctx, requireOperator(request), request.body, request.query.language),
  );

  app.delete(
    '/api/delete-car/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: 'Delete a car (409 while a booking holds it now or later); it leaves search at once',
        params: IdParamsSchema,
        response: { 200: DeleteCarResultSchema, ...errors },
      },
    },
    async (request) => deleteCar(ctx, requireOperator(request), request.params.id),
  );

  app.post(
    '/api/update-car-image/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...uploadRateLimit },
      schema: {
        tags,
        security,
        summary: "Replace the car's first photo (multipart field 'image': JPEG, PNG or WebP), or add it",
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        querystring: CarQuerySchema,
        response: { 200: OperatorCarSchema, ...errorReplies(413, 415), ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedCar(ctx, actor, request.params.id);
      const upload = await uploadedBytes(request, 'image');
      return replaceFirstPhoto(ctx, actor, request.params.id, upload, request.query.language);
    },
  );

  app.post(
    '/api/delete-car-image/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: "Delete the car's first photo (the next one becomes its image)",
        params: IdParamsSchema,
        querystring: CarQuerySchema,
        response: { 200: OperatorCarSchema, ...errors },
      },
    },
    async (request) => removeFirstPhoto(ctx, requireOperator(request), request.params.id, request.query.language),
  );

  app.get(
    '/api/car-audit/:id/:page/:size',
    {
      config: { auth: 'operator', permission: 'fleet.read' },
      schema: {
        tags,
        security,
        summary: "The car's history (the car, its image, its blocked periods, its bookings' changes), newest first",
        params: IdParamsSchema.extend(PageParamsSchema.shape),
        querystring: CarQuerySchema,
        response: { 200: AuditHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { id, page, size } = request.params;
      await operatedCar(ctx, requireOperator(request), id);
      return carHistory(ctx, id, page, size, request.query.language);
    },
  );
};
