import type { SchedulerPage } from '@roam/contract/scheduler';
import { SchedulerPageSchema } from '@roam/contract/scheduler.schema';
import { zonedToInstant } from '@roam/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { dayFromNow, L, lyonBooking, lyonPeriod, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The scheduler — a place's cars by days, each with what holds it, paged by cars; a supplier its
// own cars, the admin any supplier's.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;

describe('scheduler', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let otherSupplier: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  let carId: string;
  const ids: Record<string, string> = {};
  const from = dayFromNow(2);
  const to = dayFromNow(16);

  beforeAll(async () => {
    t = await createTestApp();
    ({ supplier, otherSupplier, admin, driver } = await operatorSessions(t.db));
    // First by name at Lyon airport, so that it is on the first page.
    carId = (await operatorCalls(t).created(supplier, { name: 'AAA Scheduler Clio', licensePlate: 'SC-001-AA' }))._id;
    const rows = {
      paid: lyonBooking(carId, lyonPeriod(3, 2), { status: 'paid', blocksCar: true, reference: 'SCHPAID1' }),
      pending: lyonBooking(carId, lyonPeriod(6, 1), { status: 'pending', blocksCar: true }),
      // Neither holds the car: not on the scheduler.
      cancelled: lyonBooking(carId, lyonPeriod(8, 1), { status: 'cancelled', blocksCar: false }),
      lapsed: lyonBooking(carId, lyonPeriod(10, 1), {
        status: 'void',
        blocksCar: true,
        holdExpiresAt: new Date(Date.now() - 60_000),
      }),
      // Outside the fortnight.
      later: lyonBooking(carId, lyonPeriod(20, 2), { status: 'paid', blocksCar: true }),
      block: lyonBooking(carId, lyonPeriod(12, 2), {
        kind: 'block',
        status: 'reserved',
        blocksCar: true,
        blockReason: 'maintenance',
        driverId: AZUR,
      }),
    };
    for (const [key, row] of Object.entries(rows)) {
      const [inserted] = await t.db.insert(bookings).values(row).returning({ id: bookings.id });
      ids[key] = inserted!.id;
    }
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, body: object, page = 1, size = 50) =>
    t.app.inject({ method: 'POST', url: `/api/scheduler/${page}/${size}`, headers, payload: body });
  const pageOf = async (headers: Record<string, string>, body: object, page = 1, size = 50): Promise<SchedulerPage> => {
    const res = await call(headers, body, page, size);
    expect(res.statusCode, res.body).toBe(200);
    return SchedulerPageSchema.parse(res.json());
  };
  const lyon = { locationId: L.lyonAirport, from, to };

  it("shows the supplier's cars at the place with the bookings and blocks that hold them over the days", async () => {
    const page = await pageOf(supplier, { ...lyon, language: 'fr' });
    expect(page.location).toEqual({ _id: L.lyonAirport, name: expect.any(String), timeZone: 'Europe/Paris' });
    // The place's midnights bound the range.
    expect(page.from).toBe(zonedToInstant({ date: from, time: '00:00' }, 'Europe/Paris').toISOString());
    expect(page.to).toBe(zonedToInstant({ date: to, time: '00:00' }, 'Europe/Paris').toISOString());
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.car.supplier._id === AZUR)).toBe(true);
    const row = page.rows[0]!;
    expect(row.car).toMatchObject({ _id: carId, name: 'AAA Scheduler Clio', licensePlate: 'SC-001-AA' });
    expect(row.bookings.map((booking) => booking._id)).toEqual([ids.paid, ids.pending]);
    expect(row.bookings[0]).toMatchObject({
      reference: 'SCHPAID1',
      status: 'paid',
      driverName: expect.any(String),
      ...lyonPeriod(3, 2),
    });
    expect(row.blocks).toEqual([{ _id: ids.block, reason: 'maintenance', ...toBlock(lyonPeriod(12, 2)) }]);
  });

  it('pages by cars, in name order, with the number of cars that match', async () => {
    const all = await pageOf(admin, lyon, 1, 100);
    expect(all.totalCount).toBe(all.rows.length);
    expect(new Set(all.rows.map((row) => row.car.supplier._id)).size).toBeGreaterThan(1);
    const first = await pageOf(admin, lyon, 1, 3);
    const second = await pageOf(admin, lyon, 2, 3);
    expect(first.totalCount).toBe(all.totalCount);
    expect([...first.rows, ...second.rows].map((row) => row.car._id)).toEqual(
      all.rows.slice(0, 6).map((row) => row.car._id),
    );
    const beyond = await pageOf(admin, lyon, 100, 3);
    expect(beyond).toMatchObject({ rows: [], totalCount: all.totalCount });
  });

  it("filters by supplier (the admin's choice) and by range", async () => {
    const kestrel = await pageOf(admin, { ...lyon, supplierId: KESTREL });
    expect(kestrel.rows.length).toBeGreaterThan(0);
    expect(kestrel.rows.every((row) => row.car.supplier._id === KESTREL)).toBe(true);
    const midi = await pageOf(admin, { ...lyon, ranges: ['midi'] });
    expect(midi.rows.length).toBeGreaterThan(0);
    expect(midi.rows.every((row) => row.car.range === 'midi')).toBe(true);
    expect(midi.totalCount).toBeLessThan((await pageOf(admin, lyon)).totalCount);
  });

  it('refuses anyone but an operator, another supplier, an unknown place and a bad range', async () => {
    expect((await call({}, lyon)).statusCode).toBe(401);
    expect((await call(driver, lyon)).statusCode).toBe(403);
    expect((await call(supplier, { ...lyon, supplierId: KESTREL })).statusCode).toBe(403);
    // Another supplier sees its own cars, never Azur's bookings.
    const theirs = await pageOf(otherSupplier, lyon);
    expect(theirs.rows.every((row) => row.car.supplier._id === KESTREL)).toBe(true);
    expect(theirs.rows.some((row) => row.car._id === carId)).toBe(false);
    const unknown = await call(admin, { ...lyon, locationId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const backwards = await call(admin, { ...lyon, from: to, to: from });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toBeDefined();
    const tooLong = await call(admin, { ...lyon, to: dayFromNow(40) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.to).toBeDefined();
    expect((await call(admin, { ...lyon, from: '2026-02-30' })).json().fieldErrors.from).toBeDefined();
  });
});

const toBlock = ({ pickupAt, dropoffAt }: { pickupAt: string; dropoffAt: string }) => ({
  startAt: pickupAt,
  endAt: dropoffAt,
});
