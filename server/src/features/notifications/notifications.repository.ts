import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { memberships, notifications, users } from '#server/db/schema.ts';

// The only Drizzle code of the notifications slice. Every query is scoped by `userId`: an id of someone else's
// notification matches nothing, so it is never read or changed.

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type Selection = { all: true } | { all: false; ids: string[] };

function whereOf(userId: string, selection: Selection): SQL | undefined {
  return selection.all
    ? eq(notifications.userId, userId)
    : and(eq(notifications.userId, userId), inArray(notifications.id, selection.ids));
}

export async function findPage(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const results = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ count: count() }).from(notifications).where(eq(notifications.userId, userId));
  return { results, totalCount: total?.count ?? 0 };
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}

export async function setRead(db: DbOrTx, userId: string, selection: Selection, isRead: boolean): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead })
    .where(whereOf(userId, selection))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteSome(db: DbOrTx, userId: string, selection: Selection): Promise<number> {
  const rows = await db.delete(notifications).where(whereOf(userId, selection)).returning({ id: notifications.id });
  return rows.length;
}

/** Takes the transaction of the change the notification reports (notifications.service.ts recordBookingNotice). */
export async function insertNotification(tx: DbOrTx, values: NewNotificationRow): Promise<void> {
  await tx.insert(notifications).values(values);
}

/**
 * The admin who runs `businessId` as the house business (docs/decisions/0013-the-owner-runs-their-own-business.md):
 * an admin account whose membership names it. No one signs in as the house business, so its notices are its owner's.
 */
export async function houseOwnerOf(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ id: users.id, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.businessId, businessId), eq(users.type, 'admin')))
    .limit(1);
  return row;
}
