import {
  OpeningTimesQuerySchema,
  OpeningTimesSchema,
  PublicHolidaysQuerySchema,
  PublicHolidaysSchema,
} from '@roam/contract/opening-hours.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { openingTimes, publicHolidays } from './opening-hours.service.ts';

/** The times a place takes on a date (everyone: the pickers), and a country's public holidays (the admin's editor). */
export const openingHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/api/opening-times',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['locations'],
        summary: "The times a place takes on a date: open, and by its key box only (the time pickers' choices)",
        querystring: OpeningTimesQuerySchema,
        response: { 200: OpeningTimesSchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => openingTimes(ctx, request.query.locationId, request.query.date),
  );

  app.get(
    '/api/public-holidays',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin: locations'],
        security,
        summary: "A country's national public holidays in a year, to add to a place's closures",
        querystring: PublicHolidaysQuerySchema,
        response: { 200: PublicHolidaysSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => publicHolidays(request.query.country, request.query.year, request.query.language),
  );
};
