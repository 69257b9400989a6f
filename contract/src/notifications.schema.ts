import { z } from 'zod';

// The schemas of notifications (their kinds and types: notifications.ts).

export const NotificationSchema = z.object({
  _id: z.uuid(),
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  bookingId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});

export const NotificationPageSchema = z.object({
  results: z.array(NotificationSchema),
  totalCount: z.number().int(),
});

export const NotificationPageParamsSchema = z.object({
  userId: z.uuid(),
  page: z.coerce.number().int().min(1).max(100_000),
  pageSize: z.coerce.number().int().min(1).max(100),
});

/**
 * Body of mark-as-read, mark-as-unread and delete: the ids to act on, or `all: true` for every notification of the
 * user (then `ids` is ignored). Ids that are not the user's are ignored: they are never touched.
 */
export const NotificationIdsSchema = z
  .object({
    ids: z.array(z.uuid()).max(1000).default([]),
    all: z.boolean().default(false),
  })
  .refine((body) => body.all || body.ids.length > 0, { message: 'ids or all is required', path: ['ids'] });

/** Answer of the three bulk calls: how many notifications were changed. */
export const NotificationChangeSchema = z.object({ count: z.number().int() });

/** `GET /api/notification-counter/{userId}`: unread notifications. */
export const NotificationCounterSchema = z.object({ count: z.number().int() });
