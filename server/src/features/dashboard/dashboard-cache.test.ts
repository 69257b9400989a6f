import type { Dashboard } from '@roam/contract/dashboard';
import { DashboardSchema } from '@roam/contract/dashboard.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { dayFromNow, lyonBooking, lyonPeriod, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// P99 ≤ 200 ms: a period's figures are kept a minute per (scope, period) and say when they were
// computed; 'fresh' computes them again. A scope is the supplier's own, the admin's for one supplier, or everyone's:
// no one is ever answered with another scope's figures.

const AZUR = DEMO_IDS.suppliers.azurCoast;

describe('dashboard: the period figures kept a minute', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let otherSupplier: { cookie: string };
  let admin: { cookie: string };
  let carId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ supplier, otherSupplier, admin } = await operatorSessions(t.db));
    carId = (await operatorCalls(t).created(supplier, { name: 'Cached Clio', licensePlate: 'DB-002-AA' }))._id;
  });
  afterAll(() => t.close());

  const read = async (headers: Record<string, string>, query: Record<string, string>): Promise<Dashboard> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dashboard?${new URLSearchParams(query)}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return DashboardSchema.parse(res.json());
  };
  const paid = (daysAhead: number, price: number) =>
    t.db
      .insert(bookings)
      .values(lyonBooking(carId, lyonPeriod(daysAhead, 2), { status: 'paid', price, totalAmount: price }));

  it('answers the same figures and time within the minute, new ones when asked fresh', async () => {
    const period = { from: dayFromNow(300), to: dayFromNow(310) };
    const first = await read(supplier, period);
    expect(first.period.revenue).toEqual([]);
    expect(Math.abs(Date.parse(first.period.asOf) - Date.now())).toBeLessThan(10_000);
    await paid(302, 12000);
    const cached = await read(supplier, period);
    expect(cached.period).toEqual(first.period);
    const fresh = await read(supplier, { ...period, fresh: 'true' });
    expect(fresh.period.revenue).toEqual([
      { status: 'paid', currency: 'EUR', bookings: 1, amount: 12000, baseAmount: 12000, refunded: 0, baseRefunded: 0 },
    ]);
    expect(Date.parse(fresh.period.asOf)).toBeGreaterThanOrEqual(Date.parse(first.period.asOf));
    // The fresh figures are the ones kept now; another period is computed on its own.
    expect((await read(supplier, period)).period.revenue).toEqual(fresh.period.revenue);
    expect((await read(supplier, { ...period, to: dayFromNow(311) })).period.revenue).toEqual(fresh.period.revenue);
  });

  it("never answers a supplier, or the admin for one supplier, with another scope's figures", async () => {
    const period = { from: dayFromNow(320), to: dayFromNow(330) };
    await paid(322, 34000);
    // Azur's figures are computed and kept first, then every other scope asks the same period.
    const azur = await read(supplier, period);
    expect(azur.period.revenue).toEqual([
      { status: 'paid', currency: 'EUR', bookings: 1, amount: 34000, baseAmount: 34000, refunded: 0, baseRefunded: 0 },
    ]);
    const other = await read(otherSupplier, period);
    expect(other.period.revenue).toEqual([]);
    expect(other.period.utilisation.bySupplier.map((row) => row.supplier._id)).not.toContain(AZUR);
    const everyone = await read(admin, period);
    expect(everyone.period.utilisation.bySupplier.length).toBeGreaterThan(1);
    const forAzur = await read(admin, { ...period, supplierId: AZUR });
    expect(forAzur.period.utilisation.bySupplier.map((row) => row.supplier._id)).toEqual([AZUR]);
    // And the other way round: the other supplier's kept (empty) figures are not Azur's.
    expect((await read(supplier, period)).period.revenue).toEqual(azur.period.revenue);
  });
});
