import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, carLocations, cars } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { type UtilisationRow, utilisation } from '#server/features/dashboard/dashboard.repository.ts';
import { dayFromNow, L, lyonBooking, lyonPeriod, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The dashboard's utilisation is kept by the database as bookings, cars and their places are written (schema-counts.ts,
// migration 0044's triggers), not summed from every car and hold of a period: it must equal what the dashboard
// computed from those rows (the query below, the dashboard's until 0044) after every kind of write, for every scope
// and for periods before, around and after the writes.

/** What the dashboard computed from the rows before the figures were kept. */
async function computed(t: TestApp, supplierId: string | null, from: Date, to: Date): Promise<UtilisationRow[]> {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const ofSupplier = (column: ReturnType<typeof sql>) => (supplierId ? sql`and ${column} = ${supplierId}` : sql``);
  const days = (kind: 'rental' | 'block') => sql`sum(case when b.kind = ${kind} then date_part('epoch',
      least(b.dropoff_at, ${at(to)}) - greatest(b.pickup_at, ${at(from)})) else 0 end) / 86400.0`;
  const result = await t.db.execute(sql`
    with fleet as (
      select c.id, c.supplier_id, c.range, greatest(0, date_part('epoch',
          least(${at(to)}, coalesce(c.deleted_at, ${at(to)})) - greatest(${at(from)}, date_trunc('day', c.created_at, 'UTC')))
          / 86400.0) as days
      from cars c
      where c.created_at < ${at(to)} and (c.deleted_at is null or c.deleted_at > ${at(from)}) ${ofSupplier(sql`c.supplier_id`)}
    ),
    held as (
      select b.car_id, ${days('rental')} as booked, ${days('block')} as blocked
      from bookings b
      where b.period && tstzrange(${at(from)}, ${at(to)}, '[)')
        and ((b.blocks_car and (b.kind = 'block' or b.status <> 'void'))
          or (b.kind = 'rental' and not b.blocks_car and b.status in ('returned', 'closed')))
        ${ofSupplier(sql`b.supplier_id`)}
      group by b.car_id
    ),
    per_car as (
      select f.id, f.supplier_id, f.range, f.days, coalesce(h.booked, 0) as booked, coalesce(h.blocked, 0) as blocked
      from fleet f left join held h on h.car_id = f.id
    )
    select 'supplier' as dimension, p.supplier_id::text as key, null::jsonb as names, max(u.full_name) as name,
      count(*)::int as cars, sum(p.days)::float8 as "carDays", sum(p.booked)::float8 as booked,
      sum(p.blocked)::float8 as blocked
    from per_car p join users u on u.id = p.supplier_id group by p.supplier_id
    union all
    select 'range', p.range::text, null, null, count(*)::int, sum(p.days)::float8, sum(p.booked)::float8,
      sum(p.blocked)::float8
    from per_car p group by p.range
    union all
    select 'place', cl.location_id::text, (array_agg(l.names))[1], null, count(*)::int, sum(p.days)::float8,
      sum(p.booked)::float8, sum(p.blocked)::float8
    from per_car p join car_locations cl on cl.car_id = p.id join locations l on l.id = cl.location_id
    group by cl.location_id`);
  return (result as unknown as { rows: UtilisationRow[] }).rows;
}

/** Rows in one order, the days to a millionth (the kept figures are whole microseconds, summed exactly). */
const comparable = (rows: UtilisationRow[]) =>
  rows
    .map((row) => ({
      ...row,
      carDays: Number(Number(row.carDays).toFixed(6)),
      booked: Number(Number(row.booked).toFixed(6)),
      blocked: Number(Number(row.blocked).toFixed(6)),
    }))
    .sort((a, b) => `${a.dimension}|${a.key}`.localeCompare(`${b.dimension}|${b.key}`));

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

describe('the dashboard’s utilisation, kept as it is written', () => {
  let t: TestApp;
  let carId: string;
  // Before the test's car was added (its holds there do not count), around today, far ahead, and a long span.
  const periods = [
    [dayFromNow(-40), dayFromNow(-10)],
    [dayFromNow(-3), dayFromNow(30)],
    [dayFromNow(195), dayFromNow(230)],
    [dayFromNow(-60), dayFromNow(400)],
  ].map(([from, to]) => ({ from: utc(from!), to: utc(to!) }));

  beforeAll(async () => {
    t = await createTestApp();
    const { supplier } = await operatorSessions(t.db);
    carId = (await operatorCalls(t).created(supplier, { name: 'Kept Clio', licensePlate: 'KU-001-AA' }))._id;
  });
  afterAll(() => t.close());

  async function expectKept(step: string) {
    for (const supplierId of [null, DEMO_IDS.suppliers.azurCoast, DEMO_IDS.suppliers.kestrel]) {
      for (const { from, to } of periods) {
        const kept = comparable(await utilisation(t.db, supplierId, from, to));
        expect(kept, `${step}: ${supplierId ?? 'admin'} ${from.toISOString()}`).toEqual(
          comparable(await computed(t, supplierId, from, to)),
        );
      }
    }
  }
  const insert = async (...rows: Parameters<typeof lyonBooking>[]) =>
    t.db
      .insert(bookings)
      .values(rows.map((args) => lyonBooking(...args)))
      .returning({ id: bookings.id });

  it('equals the computed figures after the seed', async () => {
    const [row] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from fleet_use_days`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(row!.n).toBeGreaterThan(0);
    await expectKept('seed');
  });

  it('follows holds, rentals, blocks, status changes, amended dates, swaps and deletes', async () => {
    // In one statement: a hold (pending), a rental, an unpaid hold (void: never counted), a cancelled rental, a
    // block, and a rental in the past (before the car was added: not counted in that period), across UTC midnights.
    const [hold, rental, , cancelled, block, past] = await insert(
      [carId, lyonPeriod(200, 3), { status: 'pending' }],
      [carId, lyonPeriod(205, 2), { status: 'paid' }],
      [carId, lyonPeriod(208, 2), { status: 'void', holdExpiresAt: new Date(Date.now() + 3600_000) }],
      [carId, lyonPeriod(211, 2), { status: 'cancelled', blocksCar: false }],
      [carId, lyonPeriod(214, 4), { kind: 'block', blockReason: 'maintenance', status: 'reserved' }],
      [carId, lyonPeriod(-30, 5), { status: 'closed', blocksCar: false }],
    );
    await expectKept('inserted');
    // The hold paid, then released (void): counted, then no longer.
    await t.db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, hold!.id));
    await expectKept('hold paid');
    await t.db.update(bookings).set({ status: 'void', blocksCar: false }).where(eq(bookings.id, hold!.id));
    await expectKept('hold released');
    // The rental picked up, returned (no longer holds the car, still counted), its dates amended by hours.
    await t.db.update(bookings).set({ status: 'on_rent' }).where(eq(bookings.id, rental!.id));
    await t.db.update(bookings).set({ status: 'returned', blocksCar: false }).where(eq(bookings.id, rental!.id));
    await expectKept('returned');
    const amended = lyonPeriod(204, 3);
    await t.db
      .update(bookings)
      .set({ pickupAt: new Date(Date.parse(amended.pickupAt) + 5 * 3600_000), dropoffAt: new Date(amended.dropoffAt) })
      .where(eq(bookings.id, rental!.id));
    await expectKept('dates amended');
    // The block turned into a rental and back; a cancelled rental reinstated; a booking moved to another car.
    await t.db.update(bookings).set({ kind: 'rental', blockReason: null }).where(eq(bookings.id, block!.id));
    await expectKept('block to rental');
    await t.db.update(bookings).set({ kind: 'block', blockReason: 'maintenance' }).where(eq(bookings.id, block!.id));
    await t.db.update(bookings).set({ status: 'reserved', blocksCar: true }).where(eq(bookings.id, cancelled!.id));
    await expectKept('block back, rental reinstated');
    await t.db.update(bookings).set({ carId: DEMO_IDS.cars.clio }).where(eq(bookings.id, cancelled!.id));
    await expectKept('swapped');
    // Many rows in one update (every booking of the car touched, most unchanged for the utilisation).
    await t.db.update(bookings).set({ updatedAt: new Date() }).where(eq(bookings.carId, carId));
    await expectKept('bulk update');
    await t.db.delete(bookings).where(eq(bookings.id, past!.id));
    await t.db.delete(bookings).where(eq(bookings.id, cancelled!.id));
    await expectKept('deleted');
  });

  it('follows a car’s range, places, leaving the fleet and its deletion', async () => {
    await insert([carId, lyonPeriod(220, 2), { status: 'reserved' }]);
    await t.db.update(cars).set({ range: 'maxi' }).where(eq(cars.id, carId));
    await expectKept('range');
    await t.db.insert(carLocations).values({ carId, locationId: L.parisCdg });
    await expectKept('place added');
    await t.db.delete(carLocations).where(eq(carLocations.locationId, L.lyonAirport));
    await expectKept('place removed');
    await t.db
      .update(cars)
      .set({ deletedAt: new Date(Date.now() + 3 * 24 * 3600_000) })
      .where(eq(cars.id, carId));
    await expectKept('left the fleet');
    await t.db
      .update(cars)
      .set({ createdAt: new Date(Date.now() - 90 * 24 * 3600_000) })
      .where(eq(cars.id, carId));
    await expectKept('added earlier');
    await t.db.delete(cars).where(eq(cars.id, carId));
    await expectKept('deleted for good');
  });
});
