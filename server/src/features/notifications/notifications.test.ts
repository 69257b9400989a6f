import { NotificationPageSchema } from '@roam/contract/notifications.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const { driver, driver2, admin } = DEMO_ACCOUNTS;

describe('notifications calls', () => {
  let t: TestApp;
  let driverCookie: string;
  let adminCookie: string;
  let mine: string[];
  let theirs: string[];

  beforeAll(async () => {
    t = await createTestApp();
    driverCookie = (await signIn(t.db, driver.id)).cookie;
    adminCookie = (await signIn(t.db, admin.id)).cookie;
    // 35 for the driver (one minute apart, newest last), 3 for driver2.
    const base = Date.now() - 3600_000;
    const rows = await t.db
      .insert(notifications)
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          userId: driver.id,
          kind: i % 2 ? 'bookingStatusChanged' : 'bookingConfirmed',
          params: (i % 2 ? { status: 'paid' } : {}) as Record<string, string>,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: notifications.id });
    mine = rows.map((row) => row.id);
    const others = await t.db
      .insert(notifications)
      .values(Array.from({ length: 3 }, () => ({ userId: driver2.id, kind: 'bookingPaid' })))
      .returning({ id: notifications.id });
    theirs = others.map((row) => row.id);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
  const counter = async () => (await get(`/api/notification-counter/${driver.id}`, driverCookie)).json().count;
  const readState = async (ids: string[]) => {
    const rows = await t.db.select().from(notifications);
    return ids.map((id) => rows.find((row) => row.id === id)?.isRead);
  };

  it('pages newest first with the total count and the rendering inputs', async () => {
    const first = NotificationPageSchema.parse(
      (await get(`/api/Notifications/${driver.id}/1/30`, driverCookie)).json(),
    );
    expect(first.totalCount).toBe(35);
    expect(first.results).toHaveLength(30);
    expect(first.results[0]).toMatchObject({
      _id: mine[34],
      kind: 'bookingConfirmed',
      params: {},
      bookingId: null,
      isRead: false,
    });
    expect(first.results[1]).toMatchObject({ kind: 'bookingStatusChanged', params: { status: 'paid' } });
    const second = (await get(`/api/Notifications/${driver.id}/2/30`, driverCookie)).json();
    expect(second.results.map((n: { _id: string }) => n._id)).toEqual(mine.slice(0, 5).reverse());
    expect(second.results.some((n: { _id: string }) => theirs.includes(n._id))).toBe(false);
  });

  it('answers the unread counter', async () => {
    expect(await counter()).toBe(35);
  });

  it('the paths are case-sensitive, as in the spec', async () => {
    expect((await get(`/api/notifications/${driver.id}/1/30`, driverCookie)).statusCode).toBe(404);
    expect((await post(`/api/mark-notifications-as-read/${driver.id}`, { ids: mine }, driverCookie)).json().code).toBe(
      'ROUTE_NOT_FOUND',
    );
  });

  it('marks read and unread: own ids only, foreign ids are never touched', async () => {
    const res = await post(
      `/api/mark-Notifications-as-read/${driver.id}`,
      { ids: [mine[0], mine[1], theirs[0]] },
      driverCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(await readState([mine[0]!, mine[1]!, theirs[0]!])).toEqual([true, true, false]);
    expect(await counter()).toBe(33);

    const unread = await post(`/api/mark-Notifications-as-unread/${driver.id}`, { ids: [mine[0]] }, driverCookie);
    expect(unread.json().count).toBe(1);
    expect(await counter()).toBe(34);

    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, theirs[1]!));
    const foreignUnread = await post(
      `/api/mark-Notifications-as-unread/${driver.id}`,
      { ids: [theirs[1]] },
      driverCookie,
    );
    expect(foreignUnread.json().count).toBe(0);
    expect(await readState([theirs[1]!])).toEqual([true]);
  });

  it('all: true marks every notification of the user, and only theirs', async () => {
    expect((await post(`/api/mark-Notifications-as-read/${driver.id}`, { all: true }, driverCookie)).json().count).toBe(
      35,
    );
    expect(await counter()).toBe(0);
    expect(await readState([theirs[0]!, theirs[2]!])).toEqual([false, false]);
    expect(
      (await post(`/api/mark-Notifications-as-unread/${driver.id}`, { all: true }, driverCookie)).json().count,
    ).toBe(35);
    expect(await counter()).toBe(35);
  });

  it('refuses an empty selection, another user id (403) and anonymous (401)', async () => {
    expect((await post(`/api/mark-Notifications-as-read/${driver.id}`, { ids: [] }, driverCookie)).statusCode).toBe(
      400,
    );
    expect((await post(`/api/mark-Notifications-as-read/${driver2.id}`, { all: true }, driverCookie)).statusCode).toBe(
      403,
    );
    expect((await post(`/api/delete-Notifications/${driver2.id}`, { all: true }, driverCookie)).statusCode).toBe(403);
    expect((await get(`/api/Notifications/${driver2.id}/1/30`, driverCookie)).statusCode).toBe(403);
    expect((await get(`/api/notification-counter/${driver2.id}`, driverCookie)).statusCode).toBe(403);
    expect((await get(`/api/notification-counter/${driver.id}`)).statusCode).toBe(401);
    expect((await post(`/api/delete-Notifications/${driver.id}`, { all: true })).statusCode).toBe(401);
    expect(await readState(theirs)).toEqual([false, true, false]);
  });

  it('an admin reads another user’s counter', async () => {
    expect((await get(`/api/notification-counter/${driver2.id}`, adminCookie)).json().count).toBe(2);
  });

  it('deletes one, ignores foreign ids, then deletes all of the user’s only', async () => {
    const res = await post(`/api/delete-Notifications/${driver.id}`, { ids: [mine[0], theirs[0]] }, driverCookie);
    expect(res.json().count).toBe(1);
    const left = await t.db.select({ id: notifications.id }).from(notifications);
    expect(left.map((row) => row.id)).toContain(theirs[0]);
    expect(left.map((row) => row.id)).not.toContain(mine[0]);
    expect((await post(`/api/delete-Notifications/${driver.id}`, { all: true }, driverCookie)).json().count).toBe(34);
    expect((await get(`/api/Notifications/${driver.id}/1/30`, driverCookie)).json()).toEqual({
      results: [],
      totalCount: 0,
    });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, driver2.id))).toHaveLength(3);
  });
});
