import { PageParamsSchema } from '@roam/contract/paging.schema';
import {
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  DeleteUserResultSchema,
  IdParamsSchema,
} from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/error-replies.ts';
import { requireUser, SESSION_SECURITY as security } from '#server/plugins/session.ts';
import { deleteUser, listUsers, readAdminUser } from './users.service.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * The admin's users calls; admins only (anonymous 401, a driver or a supplier 403). Verify,
 * suspend and reactivate are `POST /api/update-user` with `verified` / `blacklisted` (profile.routes.ts).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const tags = ['admin: users'];

  app.post(
    '/api/users/:page/:size',
    {
      config: { auth: 'admin', permission: 'users.read' },
      schema: {
        tags,
        security,
        summary: 'Accounts by name or e-mail, type, verified, suspended; newest first, one page',
        params: PageParamsSchema,
        body: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema, ...errors },
      },
    },
    async (request) => listUsers(ctx, request.body, request.params.page, request.params.size),
  );

  app.get(
    '/api/admin-user/:id',
    {
      config: { auth: 'admin', permission: 'users.read' },
      schema: {
        tags,
        security,
        summary: 'An account with its latest bookings',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => readAdminUser(ctx, request.params.id),
  );

  app.delete(
    '/api/delete-user/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Delete an account (409 while a booking holds a car now or later, or for an admin): personal data erased, bookings kept anonymised',
        params: IdParamsSchema,
        response: { 200: DeleteUserResultSchema, ...errors },
      },
    },
    async (request) => deleteUser(ctx, requireUser(request, 'admin'), request.params.id),
  );
};
