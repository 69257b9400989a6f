import { HouseBusinessSchema, HouseBusinessStateSchema } from '@roam/contract/supplier-profile.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { createHouseBusiness, readHouseBusiness } from './house-business.service.ts';

/** The admin's own business (docs/decisions/0013-the-owner-runs-their-own-business.md): read it, create it once. */
export const houseBusinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['operator: supplier profile'];
  const errors = errorReplies(401, 403);

  app.get(
    '/api/house-business',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: "The admin's own business (the house business), or null until it is created",
        response: { 200: HouseBusinessStateSchema, ...errors },
      },
    },
    async () => ({ business: await readHouseBusiness(ctx) }),
  );

  app.post(
    '/api/create-house-business',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary:
          "Create the admin's own business, named as the site, its e-mails to the admin (once: 409 when it exists)",
        response: { 201: HouseBusinessSchema, ...errorReplies(409), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createHouseBusiness(ctx, requireUser(request, 'admin'))),
  );
};
