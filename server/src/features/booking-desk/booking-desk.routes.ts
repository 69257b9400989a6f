import { AuditHistorySchema } from '@roam/contract/audit.schema';
import {
  BookingNoteBodySchema,
  DeskBookingSchema,
  DeskBookingsPageSchema,
  DeskBookingsQuerySchema,
  DeskNotesSchema,
  DeskSentSchema,
  DeskTotalsAnswerSchema,
  DeskTotalsQuerySchema,
} from '@roam/contract/booking-desk.schema';
import { LanguageQuerySchema } from '@roam/contract/locations.schema';
import { PageParamsSchema } from '@roam/contract/paging.schema';
import { IdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { perAccountLimit } from '#server/plugins/rate-limit.ts';
import { requireOperator, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import * as service from './booking-desk.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);
/** The calls that e-mail a driver (the confirmation, a payment link), per account. */
const mailLimit = perAccountLimit(20, '1 hour');

/**
 * The bookings desk (docs/architecture.md §5 "The bookings desk"): the console's bookings list, a booking as its
 * operators see it, its history, the notes between them, and the e-mails a desk sends again. A supplier on another
 * fleet's booking gets 404; a driver 403; anonymous 401.
 */
export const bookingDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: bookings desk'];

  app.post(
    '/api/operator-bookings/:page/:size',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: "The operator's bookings: searched, filtered, sorted and paged, with how many match",
        params: PageParamsSchema,
        body: DeskBookingsQuerySchema,
        response: { 200: DeskBookingsPageSchema, ...errors },
      },
    },
    async (request) =>
      service.listDeskBookings(ctx, requireOperator(request), request.body, request.params.page, request.params.size),
  );

  app.post(
    '/api/operator-bookings-totals',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary:
          "The revenue and refunds of every booking the list's filter matches, per currency (a minute old at most)",
        body: DeskTotalsQuerySchema,
        response: { 200: DeskTotalsAnswerSchema, ...errors },
      },
    },
    async (request) => service.deskTotals(ctx, requireOperator(request), request.body),
  );

  app.get(
    '/api/operator-booking/:id',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: 'One booking as its operators see it: driver, licence, money, notes and the actions allowed now',
        params: IdParamsSchema,
        querystring: LanguageQuerySchema,
        response: { 200: DeskBookingSchema, ...errors },
      },
    },
    async (request) => service.deskBooking(ctx, requireOperator(request), request.params.id, request.query.language),
  );

  app.get(
    '/api/booking-audit/:id/:page/:size',
    {
      config: { auth: 'operator', permission: 'bookings.read' },
      schema: {
        tags,
        security,
        summary: "The booking's history, newest first, with the names and clocks its values are read with",
        params: IdParamsSchema.extend(PageParamsSchema.shape),
        querystring: LanguageQuerySchema,
        response: { 200: AuditHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { id, page, size } = request.params;
      return service.deskHistory(ctx, requireOperator(request), id, page, size, request.query.language);
    },
  );

  app.post(
    '/api/booking-note/:id',
    {
      config: { auth: 'operator', permission: 'bookings.write', ...perAccountLimit(60, '1 minute') },
      schema: {
        tags,
        security,
        summary: "A note between the booking's operators (never shown to the driver); the notes, newest first",
        params: IdParamsSchema,
        body: BookingNoteBodySchema,
        response: { 201: DeskNotesSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addNote(ctx, requireOperator(request), request.params.id, request.body.text)),
  );

  app.post(
    '/api/resend-booking-confirmation/:id',
    {
      config: { auth: 'operator', permission: 'bookings.write', ...mailLimit },
      schema: {
        tags,
        security,
        summary: 'E-mail the confirmation (with its receipt) to the driver again; 409 unless the booking is confirmed',
        params: IdParamsSchema,
        response: { 200: DeskSentSchema, ...errors },
      },
    },
    async (request) => service.resendConfirmation(ctx, requireOperator(request), request.params.id),
  );

  app.post(
    '/api/send-payment-link/:id',
    {
      config: { auth: 'operator', permission: 'bookings.write', ...mailLimit },
      schema: {
        tags,
        security,
        summary: 'E-mail the driver a link to pay online; 409 unless the booking awaits its online payment',
        params: IdParamsSchema,
        response: { 200: DeskSentSchema, ...errors },
      },
    },
    async (request) => service.sendDeskPaymentLink(ctx, requireOperator(request), request.params.id),
  );
};
