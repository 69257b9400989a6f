import type { Dashboard } from '@roam/contract/dashboard';
import { DashboardSchema } from '@roam/contract/dashboard.schema';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { dayFromNow, L, lyonBooking, lyonPeriod, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The dashboard — today's pick-ups and drop-offs at each place's clock, the queues, and a period's
// revenue by status and currency (in the base currency too) and utilisation. Each figure is read before and after
// rows are written, so the demo data's own bookings do not matter.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;

describe('dashboard', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let otherSupplier: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  let carId: string;
  // A month far ahead: no demo booking lies there.
  const period = { from: dayFromNow(200), to: dayFromNow(230) };

  beforeAll(async () => {
    t = await createTestApp();
    ({ supplier, otherSupplier, admin, driver } = await operatorSessions(t.db));
    carId = (await operatorCalls(t).created(supplier, { name: 'Dashboard Clio', licensePlate: 'DB-001-AA' }))._id;
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/dashboard?${new URLSearchParams(query)}`, headers });
  /** Fresh figures: a period's are otherwise kept a minute (dashboard-cache.test.ts). */
  const read = async (headers: Record<string, string>, query: Record<string, string> = period): Promise<Dashboard> => {
    const res = await call(headers, { ...query, fresh: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    return DashboardSchema.parse(res.json());
  };
  const insert = async (row: Parameters<typeof lyonBooking>[2] & { when: { pickupAt: string; dropoffAt: string } }) => {
    const { when, ...overrides } = row;
    await t.db.insert(bookings).values(lyonBooking(carId, when, overrides));
  };
  /** 'HH:mm' on the day `offset` days from today at Lyon's clock, as an instant. */
  const dayAt = (offset: number, time: string) => {
    const today = instantToZoned(new Date(), 'Europe/Paris').date;
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 24 * 3600_000).toISOString().slice(0, 10);
    return zonedToInstant({ date, time }, 'Europe/Paris').toISOString();
  };
  const todayAt = (time: string) => dayAt(0, time);

  it("counts today's pick-ups and drop-offs at each place, at the place's clock", async () => {
    const lyon = (dashboard: Dashboard) =>
      dashboard.today.places.find((place) => place.location._id === L.lyonAirport) ?? { pickups: 0, dropoffs: 0 };
    const before = lyon(await read(supplier));
    await insert({ when: { pickupAt: todayAt('12:00'), dropoffAt: dayAt(1, '09:00') }, reference: 'DASHPICK' });
    await insert({ when: { pickupAt: lyonPeriod(-4, 1).pickupAt, dropoffAt: todayAt('11:00') }, status: 'paid' });
    // Neither counts: cancelled, and tomorrow.
    await insert({
      when: { pickupAt: todayAt('13:00'), dropoffAt: dayAt(2, '10:00') },
      status: 'cancelled',
      blocksCar: false,
    });
    await insert({ when: { pickupAt: dayAt(1, '10:00'), dropoffAt: dayAt(1, '18:00') } });
    const after = await read(supplier);
    expect(lyon(after)).toMatchObject({
      location: { _id: L.lyonAirport, timeZone: 'Europe/Paris' },
      date: instantToZoned(new Date(), 'Europe/Paris').date,
      pickups: before.pickups + 1,
      dropoffs: before.dropoffs + 1,
    });
    expect(after.today.movements).toContainEqual(
      expect.objectContaining({
        reference: 'DASHPICK',
        kind: 'pickup',
        at: todayAt('12:00'),
        carName: 'Dashboard Clio',
      }),
    );
    // Each movement names its place as the day's counts do (the statement sends a place once, with its counts).
    const place = after.today.places.find((entry) => entry.location._id === L.lyonAirport)!.location;
    expect(place.name).not.toBe('');
    expect(after.today.movements.find((move) => move.reference === 'DASHPICK')?.location).toEqual(place);
    // Another supplier's dashboard does not show them.
    const theirs = await read(otherSupplier);
    expect(theirs.today.movements.some((move) => move.reference === 'DASHPICK')).toBe(false);
  });

  it("shows a counter agent the day's work but not the money; a manager and an accountant see the revenue", async () => {
    // After the test above: today's DASHPICK is the business's.
    const member = (key: 'counter' | 'manager' | 'accountant') => signIn(t.db, DEMO_ACCOUNTS[key].id);
    const counter = await read(await member('counter'));
    expect(counter.today.movements.map((move) => move.reference)).toContain('DASHPICK');
    expect(counter.today).toEqual((await read(supplier)).today);
    expect(counter.period.revenue).toBeNull();
    for (const key of ['manager', 'accountant'] as const) {
      expect((await read(await member(key))).period.revenue, key).toEqual(expect.any(Array));
    }
  });

  it('counts open cancellation requests and unpaid holds', async () => {
    const before = await read(supplier);
    await insert({ when: lyonPeriod(40, 2), status: 'paid', cancelRequest: true, cancelRequestedAt: new Date() });
    await insert({
      when: lyonPeriod(44, 2),
      status: 'void',
      paymentOption: 'full',
      holdExpiresAt: new Date(Date.now() + 20 * 60_000),
    });
    // A lapsed hold is not one.
    await insert({ when: lyonPeriod(48, 2), status: 'void', holdExpiresAt: new Date(Date.now() - 60_000) });
    const after = await read(supplier);
    expect(after.openCancellationRequests).toBe(before.openCancellationRequests + 1);
    expect(after.unpaidHolds).toBe(before.unpaidHolds + 1);
    expect((await read(admin)).openCancellationRequests).toBeGreaterThanOrEqual(after.openCancellationRequests);
  });

  it("sums a period's revenue by status and currency, in the base currency at each booking's rate", async () => {
    expect((await read(supplier)).period.revenue).toEqual([]);
    await insert({ when: lyonPeriod(205, 2), status: 'paid', price: 10000, totalAmount: 10000 });
    await insert({ when: lyonPeriod(210, 2), status: 'paid', price: 20000, totalAmount: 20000 });
    await insert({
      when: lyonPeriod(215, 2),
      status: 'paid',
      price: 10000,
      currency: 'USD',
      rate: 1.1,
      totalAmount: 11000,
    });
    await insert({ when: lyonPeriod(220, 1), status: 'pending', price: 5000, totalAmount: 5000 });
    const { period: figures } = await read(supplier);
    expect(figures).toMatchObject({ baseCurrency: 'EUR', from: `${period.from}T00:00:00.000Z` });
    // In the statuses' order (the booking's life), then by currency.
    const none = { refunded: 0, baseRefunded: 0 };
    expect(figures.revenue).toEqual([
      { status: 'pending', currency: 'EUR', bookings: 1, amount: 5000, baseAmount: 5000, ...none },
      { status: 'paid', currency: 'EUR', bookings: 2, amount: 30000, baseAmount: 30000, ...none },
      { status: 'paid', currency: 'USD', bookings: 1, amount: 11000, baseAmount: 10000, ...none },
    ]);
    // Another supplier's period shows none of it; the admin's, for Azur, all of it.
    expect((await read(otherSupplier)).period.revenue).toEqual([]);
    expect((await read(admin, { ...period, supplierId: AZUR })).period.revenue).toEqual(figures.revenue);
  });

  it('measures utilisation: booked car-days over available ones (less blocked days), by supplier, range and place', async () => {
    const utilisation = async () => (await read(admin, { ...period, supplierId: AZUR })).period.utilisation;
    const before = await utilisation();
    // 2 days in the period, 1 day of a booking crossing its start, a 2-day block right after.
    await insert({ when: lyonPeriod(225, 2), status: 'reserved' });
    await insert({
      when: { pickupAt: `${dayFromNow(199)}T00:00:00.000Z`, dropoffAt: `${dayFromNow(201)}T00:00:00.000Z` },
      status: 'deposit',
    });
    await insert({ when: lyonPeriod(227, 2), kind: 'block', blockReason: 'maintenance', driverId: AZUR });
    const after = await utilisation();
    const azur = (u: typeof after) => u.bySupplier.find((row) => row.supplier._id === AZUR)!;
    const lyon = (u: typeof after) => u.byPlace.find((row) => row.location._id === L.lyonAirport)!;
    const midi = (u: typeof after) => u.byRange.find((row) => row.range === 'midi')!;
    expect(azur(after).bookedDays - azur(before).bookedDays).toBeCloseTo(3, 1);
    expect(azur(after).availableDays - azur(before).availableDays).toBeCloseTo(-2, 1);
    expect(azur(after).cars).toBe(azur(before).cars);
    expect(azur(before).availableDays).toBeCloseTo(azur(before).cars * 30, 1);
    expect(lyon(after).bookedDays - lyon(before).bookedDays).toBeCloseTo(3, 1);
    expect(midi(after).bookedDays - midi(before).bookedDays).toBeCloseTo(3, 1);
    expect(after.bySupplier.map((row) => row.supplier._id)).toEqual([AZUR]);
    // The admin without a supplier: every supplier's fleet.
    expect((await read(admin)).period.utilisation.bySupplier.length).toBeGreaterThan(1);
  });

  it('refuses anyone but an operator, another supplier and a bad period', async () => {
    expect((await call({}, period)).statusCode).toBe(401);
    expect((await call(driver, period)).statusCode).toBe(403);
    expect((await call(supplier, { ...period, supplierId: KESTREL })).statusCode).toBe(403);
    const backwards = await call(admin, { from: period.to, to: period.from });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toBeDefined();
    expect((await call(admin, { from: period.from, to: dayFromNow(600) })).statusCode).toBe(400);
    expect((await call(admin, { from: 'soon', to: period.to })).json().fieldErrors.from).toBeDefined();
  });
});
