import type { OperatorCarsPage } from '@roam/contract/fleet';
import { OperatorCarsPageSchema } from '@roam/contract/fleet.schema';
import { calculatePrice } from '@roam/contract/price';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonBooking, lyonPeriod, operatorCalls } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The operator's cars list, paged on the server, with each car's bookings and price per day.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;

describe('operator cars list', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  async function list(
    headers: Record<string, string>,
    body: object = {},
    page = 1,
    size = 100,
  ): Promise<OperatorCarsPage> {
    const res = await t.app.inject({ method: 'POST', url: `/api/cars/${page}/${size}`, headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return OperatorCarsPageSchema.parse(res.json());
  }
  const fleetOf = async (supplierId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(cars)
        .where(and(eq(cars.supplierId, supplierId), isNull(cars.deletedAt)))
    )[0]?.n;

  it('shows a supplier its own cars only, an admin everyone’s or one supplier’s', async () => {
    const own = await list(supplier);
    expect(own.totalCount).toBe(await fleetOf(AZUR));
    expect(own.results.every((car) => car.supplier._id === AZUR)).toBe(true);
    const all = await list(admin);
    expect(all.totalCount).toBe((await t.db.select({ n: count() }).from(cars))[0]?.n);
    const kestrel = await list(admin, { supplierId: KESTREL });
    expect(kestrel.totalCount).toBe(await fleetOf(KESTREL));
    expect(kestrel.results.every((car) => car.supplier._id === KESTREL)).toBe(true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cars/1/10',
      headers: supplier,
      payload: { supplierId: KESTREL },
    });
    expect(refused.statusCode).toBe(403);
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/cars/1/10', headers: driver, payload: {} })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/cars/1/10', payload: {} })).statusCode).toBe(401);
  });

  it('pages on the server in a stable order', async () => {
    const whole = await list(supplier, { sort: 'priceAsc' });
    const pages = [];
    for (let page = 1; page <= Math.ceil(whole.totalCount / 7); page++) {
      const part = await list(supplier, { sort: 'priceAsc' }, page, 7);
      expect(part.totalCount).toBe(whole.totalCount);
      pages.push(...part.results.map((car) => car._id));
    }
    expect(pages).toEqual(whole.results.map((car) => car._id));
    const prices = whole.results.map((car) => car.dailyPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const names = (await list(supplier, { sort: 'nameDesc' })).results.map((car) => car.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('filters by name or plate, range, availability and place (a city finds its airports’ cars)', async () => {
    const car = await operatorCalls(t).created(supplier, { name: 'Škoda Octavia Combi', licensePlate: 'ZX-909-QW' });
    expect((await list(supplier, { keyword: 'zx-909' })).results.map((c) => c._id)).toEqual([car._id]);
    expect((await list(supplier, { keyword: 'octavia combi' })).results.map((c) => c._id)).toEqual([car._id]);
    expect((await list(supplier, { keyword: '100%_' })).totalCount).toBe(0);
    // Within one name or one plate, never across the two.
    expect((await list(supplier, { keyword: 'combizx' })).totalCount).toBe(0);
    expect((await list(supplier, { keyword: 'combi zx' })).totalCount).toBe(0);
    // Every car holding it, however many: the demo fleet's Clios and this one's plate.
    const clios = await list(supplier, { keyword: 'CLIO' });
    expect(clios.totalCount).toBeGreaterThan(1);
    expect(clios.results.every((c) => c.name.toLowerCase().includes('clio'))).toBe(true);
    const midi = await list(supplier, { ranges: ['midi'] });
    expect(midi.results.every((c) => c.range === 'midi')).toBe(true);
    expect(midi.results.map((c) => c._id)).toContain(car._id);
    expect((await list(supplier, { ranges: ['scooter'] })).results.map((c) => c._id)).not.toContain(car._id);
    const soon = await list(supplier, { availability: ['comingSoon'] });
    expect(soon.results.map((c) => c._id)).toContain(DEMO_IDS.cars.comingSoon);
    expect(soon.results.every((c) => c.availability === 'comingSoon')).toBe(true);
    const unavailable = await list(supplier, { availability: ['unavailable'] });
    expect(unavailable.results.map((c) => c._id)).toEqual(expect.arrayContaining([DEMO_IDS.cars.unavailable]));
    expect((await list(supplier, { locationId: L.lyon })).results.map((c) => c._id)).toContain(car._id);
    expect((await list(supplier, { locationId: L.lyonAirport })).results.map((c) => c._id)).toContain(car._id);
    expect((await list(supplier, { locationId: L.paris })).results.map((c) => c._id)).not.toContain(car._id);
    expect((await list(supplier, { locationId: L.paris })).results.map((c) => c._id)).toContain(DEMO_IDS.cars.clio);
  });

  it('shows each car’s bookings now and to come, the first of them, and the price a driver pays for a day', async () => {
    const car = await operatorCalls(t).created(supplier, {
      licensePlate: 'CNT-1',
      isDateBasedPrice: false,
      dailyPrice: 4000,
      discountedDailyPrice: null,
    });
    const row = (values: Partial<typeof bookings.$inferInsert>, days: number) =>
      lyonBooking(car._id, lyonPeriod(days, 2), values);
    const day = 86400_000;
    const inserted = await t.db
      .insert(bookings)
      .values([
        // Counted: under way, and two to come.
        row({ status: 'paid', pickupAt: new Date(Date.now() - day), dropoffAt: new Date(Date.now() + day) }, 0),
        row({ status: 'pending' }, 30),
        row({ status: 'reserved' }, 12),
        // Not counted: ended, cancelled, an unpaid hold, a blocked period.
        row({ status: 'paid', pickupAt: new Date(Date.now() - 10 * day) }, -9),
        row({ status: 'cancelled', blocksCar: false }, 5),
        row({ status: 'void', holdExpiresAt: new Date(Date.now() + 20 * 60_000) }, 50),
        row({ kind: 'block', blockReason: 'maintenance', driverId: DEMO_IDS.suppliers.azurCoast }, 40),
      ])
      .returning({ id: bookings.id });
    const [found] = (await list(supplier, { keyword: 'CNT-1' })).results;
    expect(found).toMatchObject({
      _id: car._id,
      upcomingBookings: 3,
      nextBooking: { _id: inserted[0]!.id, status: 'paid' },
      dailyPrice: 4000,
      placesCount: 1,
    });
    // Once it is cancelled, the next one to come is first.
    await t.db.update(bookings).set({ status: 'cancelled', blocksCar: false }).where(eq(bookings.id, inserted[0]!.id));
    const [after] = (await list(supplier, { keyword: 'CNT-1' })).results;
    expect(after).toMatchObject({
      upcomingBookings: 2,
      nextBooking: { _id: inserted[2]!.id, status: 'reserved', pickupAt: lyonPeriod(12, 2).pickupAt },
    });
    const now = Date.now();
    const expected = calculatePrice({
      car: { ...car, dateBasedPrices: [] },
      priceChangeRate: car.supplier.priceChangeRate,
      pickupAt: new Date(now),
      dropoffAt: new Date(now + 86400_000),
      timeZone: 'Europe/Paris',
    }).total;
    expect(found?.customerDailyPrice).toBe(expected);
    // Kestrel adds its percentage (12 %): the driver's price is not the car's rate.
    const kestrel = (await list(admin, { supplierId: KESTREL, sort: 'priceAsc' })).results[0]!;
    expect(kestrel.customerDailyPrice).toBe(Math.round(kestrel.dailyPrice * 1.12));
  });

  it('shows each car’s last odometer reading and the reading at its last service, null before any', async () => {
    const car = await operatorCalls(t).created(supplier, { licensePlate: 'ODO-1' });
    const before = (await list(supplier, { keyword: 'ODO-1' })).results[0];
    expect(before).toMatchObject({ _id: car._id, odometer: null, serviceOdometer: null });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/update-car-charge-rules',
      headers: supplier,
      payload: { carId: car._id, odometer: 48_250, serviceOdometer: 45_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await list(supplier, { keyword: 'ODO-1' })).results[0];
    expect(after).toMatchObject({ _id: car._id, odometer: 48_250, serviceOdometer: 45_000 });
    // Another car keeps its own (none here): the readings are the row's car's.
    const other = (await list(supplier)).results.find((row) => row._id !== car._id && row.odometer === 48_250);
    expect(other).toBeUndefined();
  });
});
