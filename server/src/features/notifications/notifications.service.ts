import type { Notification, NotificationPage } from '@roam/contract/notifications';
import type { AppContext } from '../../context.ts';
import * as repository from './notifications.repository.ts';

// Notifications (spec §3, §7): the owner reads, marks and deletes their own; rows are created by the bookings slice.

export type Selection = repository.Selection;

const toNotification = (row: repository.NotificationRow): Notification => ({
  _id: row.id,
  kind: row.kind,
  params: row.params,
  bookingId: row.bookingId,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first. */
export async function notificationPage(
  ctx: AppContext,
  userId: string,
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const { results, totalCount } = await repository.findPage(ctx.db, userId, page, pageSize);
  return { results: results.map(toNotification), totalCount };
}

export const unreadCount = (ctx: AppContext, userId: string) => repository.countUnread(ctx.db, userId);

export const markRead = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.setRead(ctx.db, userId, selection, true);

export const markUnread = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.setRead(ctx.db, userId, selection, false);

export const deleteNotifications = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.deleteSome(ctx.db, userId, selection);
