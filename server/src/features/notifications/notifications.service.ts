import type { Notification, NotificationPage } from '@roam/contract/notifications';
import type { Db } from '../../db/client.ts';
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
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const { results, totalCount } = await repository.findPage(db, userId, page, pageSize);
  return { results: results.map(toNotification), totalCount };
}

export const unreadCount = (db: Db, userId: string) => repository.countUnread(db, userId);

export const markRead = (db: Db, userId: string, selection: Selection) =>
  repository.setRead(db, userId, selection, true);

export const markUnread = (db: Db, userId: string, selection: Selection) =>
  repository.setRead(db, userId, selection, false);

export const deleteNotifications = (db: Db, userId: string, selection: Selection) =>
  repository.deleteSome(db, userId, selection);
