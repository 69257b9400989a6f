import { COUNTER_LIMITS } from '@roam/contract/counter';
import {
  AddChargeBodySchema,
  CheckOutBodySchema,
  CounterBookingSchema,
  CounterIdParamsSchema,
  CounterLanguageQuerySchema,
  CounterPhotoSchema,
  NoShowBodySchema,
  NoShowResultSchema,
  ReturnBodySchema,
  ReturnQuoteSchema,
  ReturnReadingsSchema,
  SwapCarsSchema,
  WaiveChargeBodySchema,
} from '@roam/contract/counter.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { registerUploads, uploadedBytes } from '#server/plugins/uploads.ts';
import { swapCandidates } from './car-swap.service.ts';
import { addCharge, waiveCharge } from './charges.service.ts';
import { checkOut } from './check-out.service.ts';
import { operatedBooking } from './counter.guard.ts';
import { uploadPhoto } from './counter-photos.service.ts';
import { counterView } from './counter-view.service.ts';
import { recordNoShow } from './no-show.service.ts';
import { returnCar, returnQuote } from './return.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
/**
 * A desk photographs a car from every side, and until a business has members (docs/architecture.md §5 "Teams") its
 * whole desk shares one account: far more uploads than a profile's, still a ceiling on a runaway client.
 */
const photoLimit = perAccountLimit(600, '1 minute');

/**
 * The counter's calls (docs/api.md "The counter"): the supplier's operators on its own bookings (another fleet's:
 * 404), the admin on all. Each declares its permission (contract/src/team.ts).
 */
export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: counter'];
  await registerUploads(app, { fileSize: COUNTER_LIMITS.photoUploadBytes });

  app.get(
    '/api/counter-booking/:id',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: 'A booking as the counter sees it: inspections, damages, charges, documents, timeline, actions open',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) =>
      counterView(ctx, await operatedBooking(ctx, requireOperator(request), request.params.id), request.query.language),
  );

  app.get(
    '/api/counter-swap-cars/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'The cars a booking may be swapped to at check-out: same or higher range, free for its period',
        params: CounterIdParamsSchema,
        response: { 200: SwapCarsSchema, ...errors },
      },
    },
    async (request) => swapCandidates(ctx, await operatedBooking(ctx, requireOperator(request), request.params.id)),
  );

  app.post(
    '/api/counter-photo/:id',
    {
      config: { auth: 'operator', permission: 'counter', ...photoLimit },
      schema: {
        tags,
        security,
        summary: 'A photo for the booking (multipart `photo`): re-encoded to at most 1600 px and 300 KB, private',
        params: CounterIdParamsSchema,
        response: { 201: CounterPhotoSchema, ...errorReplies(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const record = await operatedBooking(ctx, requireOperator(request), request.params.id);
      const bytes = await uploadedBytes(request, 'photo');
      return reply.status(201).send(await uploadPhoto(ctx, record, bytes));
    },
  );

  app.post(
    '/api/check-out/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'Hand the car over: licence, odometer, fuel, checklist, damage, signature; on rent',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: CheckOutBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return checkOut(ctx, actor, request.params.id, request.body, request.query.language);
    },
  );

  app.post(
    '/api/return-quote/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: "The return's charges by the supplier's rules, each with its computation; nothing stored",
        params: CounterIdParamsSchema,
        body: ReturnReadingsSchema,
        response: { 200: ReturnQuoteSchema, ...errors },
      },
    },
    async (request) =>
      returnQuote(ctx, await operatedBooking(ctx, requireOperator(request), request.params.id), request.body),
  );

  app.post(
    '/api/return/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: "Take the car back with the quote's charges (409 when they moved); returned",
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: ReturnBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return returnCar(ctx, actor, request.params.id, request.body, request.query.language);
    },
  );

  app.post(
    '/api/add-charge/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: 'A toll, a fine or a damage found later, up to 90 days after the return',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: AddChargeBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return addCharge(ctx, actor, request.params.id, request.body, request.query.language);
    },
  );

  app.post(
    '/api/waive-charge/:id',
    {
      config: { auth: 'operator', permission: 'charges.waive' },
      schema: {
        tags,
        security,
        summary: 'Waive a charge with a reason (audited); the id is the charge',
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: WaiveChargeBodySchema,
        response: { 200: CounterBookingSchema, ...errors },
      },
    },
    async (request) =>
      waiveCharge(ctx, requireOperator(request), request.params.id, request.body.reason, request.query.language),
  );

  app.post(
    '/api/no-show/:id',
    {
      config: { auth: 'operator', permission: 'counter' },
      schema: {
        tags,
        security,
        summary: "Record a no-show after pick-up and the grace: the supplier's rule keeps, charges or refunds",
        params: CounterIdParamsSchema,
        querystring: CounterLanguageQuerySchema,
        body: NoShowBodySchema,
        response: { 200: NoShowResultSchema, ...errorReplies(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const actor = requireOperator(request);
      await operatedBooking(ctx, actor, request.params.id);
      return recordNoShow(ctx, actor, request.params.id, request.body.note, request.query.language);
    },
  );
};
