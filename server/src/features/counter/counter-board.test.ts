import type { Dashboard } from '@roam/contract/dashboard';
import type { SchedulerPage } from '@roam/contract/scheduler';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertCar } from './counter.test-helpers.ts';

// Where operators see the counter (docs/architecture.md §5 "After the booking"): the dashboard's pick-ups say which
// customer checked in online and which car is already on rent, its overdue list names the cars on rent past their
// drop-off; the scheduler draws an overdue car's bar on to now; the bookings list filters by the new statuses.

const HOUR = 3600_000;

describe('the counter on the dashboard, the scheduler and the bookings list', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
    const now = Date.now();
    // Today at the cars' place (Paris): a pick-up two minutes from now is tomorrow there at 23:59, so the two that
    // must be today's are kept within its day (the clean-clone CI ran this at 23:58 in Paris and lost one).
    const { date } = instantToZoned(new Date(now), 'Europe/Paris');
    const dayStart = zonedToInstant({ date, time: '00:00' }, 'Europe/Paris').getTime();
    const nextDay = instantToZoned(new Date(dayStart + 26 * HOUR), 'Europe/Paris').date;
    const dayEnd = zonedToInstant({ date: nextDay, time: '00:00' }, 'Europe/Paris').getTime();
    const today = (offset: number) => Math.min(Math.max(now + offset, dayStart + 60_000), dayEnd - 60_000) - now;
    const rental = async (key: string, from: number, to: number, values: Partial<typeof bookings.$inferInsert>) => {
      const carId = await insertCar(t, { name: `AAA Counter ${key}` });
      const [row] = await t.db
        .insert(bookings)
        .values(bookingRow({ pickupAt: new Date(now + from), dropoffAt: new Date(now + to) }, { carId, ...values }))
        .returning({ id: bookings.id });
      ids[key] = row!.id;
    };
    await rental('checkedIn', today(2 * 60_000), 48 * HOUR, { checkedInAt: new Date(now - HOUR) });
    await rental('onRent', today(-2 * 60_000), 48 * HOUR, { status: 'on_rent' });
    await rental('overdue', -72 * HOUR, -3 * HOUR, { status: 'on_rent' });
  });
  afterAll(() => t.close());

  it('shows today’s pick-ups waiting, checked in online or on rent, and the overdue returns', async () => {
    const today = instantToZoned(new Date(), 'UTC').date;
    const tomorrow = instantToZoned(new Date(Date.now() + 24 * HOUR), 'UTC').date;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard?from=${today}&to=${tomorrow}`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard: Dashboard = res.json();
    const movement = (id: string) =>
      dashboard.today.movements.find((move) => move.bookingId === id && move.kind === 'pickup');
    expect(movement(ids.checkedIn!)).toMatchObject({ status: 'reserved', checkedInAt: expect.any(String) });
    expect(movement(ids.onRent!)).toMatchObject({ status: 'on_rent', checkedInAt: null });
    expect(dashboard.today.overdue.map((move) => [move.bookingId, move.overdue])).toContainEqual([ids.overdue, true]);
    expect(dashboard.today.overdue.map((move) => move.bookingId)).not.toContain(ids.onRent);
  });

  it('draws the overdue car’s bar on the scheduler until it is back', async () => {
    const from = instantToZoned(new Date(Date.now() - 24 * HOUR), 'Europe/Paris').date;
    const to = instantToZoned(new Date(Date.now() + 3 * 24 * HOUR), 'Europe/Paris').date;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scheduler/1/50',
      headers: supplier,
      payload: { locationId: DEMO_IDS.locations.parisCdg, from, to },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page: SchedulerPage = res.json();
    const bars = page.rows.flatMap((row) => row.bookings);
    expect(bars.find((bar) => bar._id === ids.overdue)).toMatchObject({ status: 'on_rent', overdue: true });
    expect(bars.find((bar) => bar._id === ids.onRent)).toMatchObject({ status: 'on_rent', overdue: false });
  });

  it('lists bookings by the counter’s statuses, and keeps them out of the bulk status change', async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/1/50',
      headers: supplier,
      payload: { statuses: ['on_rent'] },
    });
    const listed = list.json().results.map((row: { _id: string }) => row._id);
    expect(listed).toEqual(expect.arrayContaining([ids.onRent, ids.overdue]));
    expect(listed).not.toContain(ids.checkedIn);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/update-booking-status',
      headers: supplier,
      payload: { ids: [ids.onRent], status: 'paid' },
    });
    expect(bulk.statusCode).toBe(409);
    const toCounter = await t.app.inject({
      method: 'POST',
      url: '/api/update-booking-status',
      headers: supplier,
      payload: { ids: [ids.checkedIn], status: 'on_rent' },
    });
    expect(toCounter.statusCode).toBe(400);
  });
});
