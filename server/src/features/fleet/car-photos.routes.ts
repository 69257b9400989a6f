import { MAX_CAR_PHOTOS } from '@roam/contract/cars';
import { CarQuerySchema } from '@roam/contract/cars.schema';
import { CarPhotoParamsSchema, OperatorCarSchema, ReorderCarPhotosBodySchema } from '@roam/contract/fleet.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { uploadedFilesBytes, uploadRateLimit } from '#server/plugins/uploads.ts';
import { addCarPhotos, deleteCarPhoto, reorderCarPhotos } from './car-photos.service.ts';
import { operatedCar } from './fleet.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * A car's photos (car-photos.service.ts): add several at once, reorder, delete. Its operators only (anonymous 401, a
 * driver 403, another business 403); each answers the car as its operator reads it. Registered inside the fleet's
 * calls, whose multipart parser it shares (fleet.routes.ts).
 */
export const carPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: cars'];

  app.post(
    '/api/add-car-photos/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write', ...uploadRateLimit },
      schema: {
        tags,
        security,
        summary: `Add photos, several in one call: multipart files 'photos' (JPEG, PNG or WebP; ${MAX_CAR_PHOTOS} a car at most), each stored 300, 600 and 1200 px wide`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        querystring: CarQuerySchema,
        response: { 200: OperatorCarSchema, ...errorReplies(413, 415), ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      // Who may is known before a byte of the upload is read.
      await operatedCar(ctx, actor, request.params.id);
      const uploads = await uploadedFilesBytes(request, 'photos', MAX_CAR_PHOTOS);
      return addCarPhotos(ctx, actor, request.params.id, uploads, request.query.language);
    },
  );

  app.post(
    '/api/reorder-car-photos/:id',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: "Put the car's photos in a new order (every photo once; the first is the car's image)",
        params: IdParamsSchema,
        querystring: CarQuerySchema,
        body: ReorderCarPhotosBodySchema,
        response: { 200: OperatorCarSchema, ...errors },
      },
    },
    async (request) =>
      reorderCarPhotos(ctx, requireOperator(request), request.params.id, request.body.photoIds, request.query.language),
  );

  app.delete(
    '/api/delete-car-photo/:id/:photoId',
    {
      config: { auth: 'operator', permission: 'fleet.write' },
      schema: {
        tags,
        security,
        summary: 'Delete one of the car’s photos (the ones after it move up)',
        params: CarPhotoParamsSchema,
        querystring: CarQuerySchema,
        response: { 200: OperatorCarSchema, ...errors },
      },
    },
    async (request) =>
      deleteCarPhoto(ctx, requireOperator(request), request.params.id, request.params.photoId, request.query.language),
  );
};
