import {
  NotificationChangeSchema,
  NotificationCounterSchema,
  NotificationIdsSchema,
  NotificationPageParamsSchema,
  NotificationPageSchema,
} from '@roam/contract/notifications.schema';
import { UserIdParamsSchema } from '@roam/contract/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSelfOrAdmin } from '#server/plugins/session.ts';
import * as notifications from './notifications.service.ts';

const selectionOf = (body: { ids: string[]; all: boolean }): notifications.Selection =>
  body.all ? { all: true } : { all: false, ids: body.ids };

/**
 * The notifications calls at the spec §7 paths, casing included. `{userId}` is checked against the session (self or
 * admin, 404 otherwise); ids in a body that are not that user's notifications are ignored — never touched.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const bulk = { params: UserIdParamsSchema, body: NotificationIdsSchema, response: { 200: NotificationChangeSchema } };

  app.post(
    '/api/mark-Notifications-as-read/:userId',
    { config: { auth: 'signedIn' }, schema: bulk },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return { count: await notifications.markRead(ctx, request.params.userId, selectionOf(request.body)) };
    },
  );

  app.post(
    '/api/mark-Notifications-as-unread/:userId',
    { config: { auth: 'signedIn' }, schema: bulk },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return { count: await notifications.markUnread(ctx, request.params.userId, selectionOf(request.body)) };
    },
  );

  app.post('/api/delete-Notifications/:userId', { config: { auth: 'signedIn' }, schema: bulk }, async (request) => {
    requireSelfOrAdmin(request, request.params.userId);
    return { count: await notifications.deleteNotifications(ctx, request.params.userId, selectionOf(request.body)) };
  });

  app.get(
    '/api/Notifications/:userId/:page/:pageSize',
    {
      config: { auth: 'signedIn' },
      schema: { params: NotificationPageParamsSchema, response: { 200: NotificationPageSchema } },
    },
    async (request) => {
      const { userId, page, pageSize } = request.params;
      requireSelfOrAdmin(request, userId);
      return notifications.notificationPage(ctx, userId, page, pageSize);
    },
  );

  app.get(
    '/api/notification-counter/:userId',
    {
      config: { auth: 'signedIn' },
      schema: { params: UserIdParamsSchema, response: { 200: NotificationCounterSchema } },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.userId);
      return { count: await notifications.unreadCount(ctx, request.params.userId) };
    },
  );
};
