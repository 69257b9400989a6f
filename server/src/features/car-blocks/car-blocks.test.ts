import { BLOCK_MESSAGES, type CarBlock } from '@roam/contract/car-blocks';
import { CarCalendarSchema } from '@roam/contract/car-blocks.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, outbox } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonCheckout, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Blocked periods. Search and checkout respect a block exactly as a booking (the same exclusion
// constraint holds both), and a block never shows anywhere as a booking.

const AZUR = DEMO_IDS.suppliers.azurCoast;

describe('blocked periods', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let otherSupplier: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  let carId: string;
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    otherSupplier = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    carId = (await operatorCalls(t).created(supplier, { isDateBasedPrice: false }))._id;
  });
  afterAll(() => t.close());

  const block = (headers: Record<string, string>, when: { pickupAt: string; dropoffAt: string }, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-car-block',
      headers,
      payload: { carId, startAt: when.pickupAt, endAt: when.dropoffAt, reason: 'maintenance', ...extra },
    });
  const checkout = (when: { pickupAt: string; dropoffAt: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: lyonCheckout(carId, when),
    });
  const listed = async (when: { pickupAt: string; dropoffAt: string }) =>
    (await search(t, L.lyon, when, AZUR)).results.map((r) => r._id).includes(carId);

  it('takes the car out of search and checkout for its period, and only for it', async () => {
    const blocked = lyonPeriod(30, 4);
    expect(await listed(blocked)).toBe(true);
    const res = await block(supplier, blocked, { note: 'Brakes' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ carId, reason: 'maintenance', note: 'Brakes', startAt: blocked.pickupAt });
    expect(await listed(blocked)).toBe(false);
    expect(await listed(lyonPeriod(32, 1))).toBe(false);
    expect(await listed(lyonPeriod(35, 2))).toBe(true);
    const refused = await checkout(lyonPeriod(31, 2));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAR_UNAVAILABLE');
    expect((await checkout(lyonPeriod(35, 2))).statusCode).toBe(201);
  });

  it('is refused over a booking or another block, with a clear message; a change is checked the same way', async () => {
    expect((await checkout(lyonPeriod(50, 3))).statusCode).toBe(201);
    const over = await block(supplier, lyonPeriod(51, 3));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CONFLICT', message: BLOCK_MESSAGES.overlaps });
    const first = (await block(supplier, lyonPeriod(55, 2))).json() as CarBlock;
    expect((await block(admin, lyonPeriod(56, 2))).statusCode).toBe(409);
    // Moved onto the booking: refused, and left as it was.
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car-block',
      headers: supplier,
      payload: { _id: first._id, startAt: lyonPeriod(52, 1).pickupAt },
    });
    expect(moved.statusCode).toBe(409);
    const reasonOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car-block',
      headers: supplier,
      payload: { _id: first._id, reason: 'privateUse' },
    });
    expect(reasonOnly.json()).toEqual({ ...first, reason: 'privateUse' });
    const backwards = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car-block',
      headers: supplier,
      payload: { _id: first._id, endAt: first.startAt },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.endAt).toEqual([BLOCK_MESSAGES.endBeforeStart]);
  });

  it('moved or removed, the car is back in search for the period it left', async () => {
    const first = lyonPeriod(80, 2);
    const created = (await block(supplier, first)).json() as CarBlock;
    expect(await listed(first)).toBe(false);
    const later = lyonPeriod(85, 2);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car-block',
      headers: admin,
      payload: { _id: created._id, startAt: later.pickupAt, endAt: later.dropoffAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(first)).toBe(true);
    expect(await listed(later)).toBe(false);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-car-block/${created._id}`,
      headers: supplier,
    });
    expect(removed.statusCode).toBe(200);
    expect(await listed(later)).toBe(true);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created._id)).orderBy(auditLog.at);
    expect(trail.map((row) => [row.entity, row.action, row.carId])).toEqual([
      ['carBlock', 'create', carId],
      ['carBlock', 'update', carId],
      ['carBlock', 'delete', carId],
    ]);
    expect(Object.keys(trail[1]!.changes).sort()).toEqual(['endAt', 'startAt']);
  });

  it('never appears as a booking: no list, count, call, notification or e-mail knows it', async () => {
    const notes = async () => (await t.db.select({ n: count() }).from(notifications))[0]?.n;
    const mails = async () => (await t.db.select({ n: count() }).from(outbox))[0]?.n;
    const [notesBefore, mailsBefore] = [await notes(), await mails()];
    const created = (await block(supplier, lyonPeriod(100, 3))).json() as CarBlock;
    expect([await notes(), await mails()]).toEqual([notesBefore, mailsBefore]);
    const everyone = { supplier, admin, driver, otherSupplier };
    for (const [who, headers] of Object.entries(everyone)) {
      const list = await t.app.inject({ method: 'POST', url: '/api/bookings/1/100', headers, payload: {} });
      expect(list.statusCode).toBe(200);
      expect(
        list.json().results.map((row: { _id: string }) => row._id),
        who,
      ).not.toContain(created._id);
      const calls = [
        { method: 'GET' as const, url: `/api/booking/${created._id}` },
        { method: 'POST' as const, url: `/api/update-booking/${created._id}`, payload: {} },
        { method: 'POST' as const, url: `/api/cancel-booking/${created._id}` },
        { method: 'POST' as const, url: '/api/delete-bookings', payload: { ids: [created._id] } },
        {
          method: 'POST' as const,
          url: '/api/update-booking-status',
          payload: { ids: [created._id], status: 'cancelled' },
        },
        { method: 'GET' as const, url: `/api/checkout-session/${created._id}` },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect([403, 404], `${who} ${call.method} ${call.url} → ${res.statusCode}`).toContain(res.statusCode);
      }
    }
    // The count a supplier's list shows excludes it too (a block is not among the total).
    const [row] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.supplierId, AZUR), eq(bookings.kind, 'rental')));
    const list = await t.app.inject({ method: 'POST', url: '/api/bookings/1/1', headers: supplier, payload: {} });
    expect(list.json().totalCount).toBe(row?.n);
    const cars = await t.app.inject({
      method: 'POST',
      url: '/api/cars/1/50',
      headers: supplier,
      payload: { keyword: 'GH-123' },
    });
    const mine = cars.json().results.find((car: { _id: string }) => car._id === carId);
    expect(mine.upcomingBookings).toBe(2);
    // Still there, still holding the car.
    expect((await t.db.select().from(bookings).where(eq(bookings.id, created._id)))[0]?.blocksCar).toBe(true);
  });

  it('answers a calendar of the bookings and blocks over a range', async () => {
    const range = { from: lyonPeriod(29, 1).pickupAt, to: lyonPeriod(60, 1).pickupAt };
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/car-calendar/${carId}?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    const calendar = CarCalendarSchema.parse(res.json());
    expect(calendar.car).toMatchObject({ _id: carId, timeZone: 'Europe/Paris' });
    expect(calendar.bookings.map((b) => b.pickupAt)).toEqual([lyonPeriod(35, 2).pickupAt, lyonPeriod(50, 3).pickupAt]);
    expect(calendar.bookings[0]?.driver._id).toBe(DEMO_ACCOUNTS.driver.id);
    expect(calendar.blocks.map((b) => [b.startAt, b.reason])).toEqual([
      [lyonPeriod(30, 4).pickupAt, 'maintenance'],
      [lyonPeriod(55, 2).pickupAt, 'privateUse'],
    ]);
  });

  it('belongs to the car’s operators: another supplier 403 on the car and 404 on the block, a driver 403', async () => {
    const created = (await block(supplier, lyonPeriod(120, 1))).json() as CarBlock;
    expect((await block(otherSupplier, lyonPeriod(122, 1))).statusCode).toBe(403);
    expect((await block(driver, lyonPeriod(122, 1))).statusCode).toBe(403);
    expect((await block({}, lyonPeriod(122, 1))).statusCode).toBe(401);
    for (const [headers, status] of [
      [otherSupplier, 404],
      [driver, 403],
      [{}, 401],
    ] as const) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/delete-car-block/${created._id}`, headers });
      expect(del.statusCode).toBe(status);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/update-car-block',
        headers,
        payload: { _id: created._id, note: 'x' },
      });
      expect(put.statusCode).toBe(status);
    }
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/car-calendar/${carId}?from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z`,
      headers: otherSupplier,
    });
    expect(calendar.statusCode).toBe(403);
    // A booking id is not a block id.
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.kind, 'rental')).limit(1);
    const notBlock = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-car-block/${booking!.id}`,
      headers: admin,
    });
    expect(notBlock.statusCode).toBe(404);
  });

  it('concurrent checkouts and a block of one period: exactly one holds the car, no 5xx', async () => {
    const when = lyonPeriod(140, 3);
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, () => checkout(when)),
      block(supplier, when),
      block(admin, when),
      ...Array.from({ length: 12 }, () => checkout(when)),
    ]);
    const codes = responses.map((res) => res.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(codes.length - 1);
  }, 60_000);
});
