import type { Statement } from '@roam/contract/statements';
import { StatementSchema } from '@roam/contract/statements.schema';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { period } from '#test/booking-fixtures.ts';
import { lyonBooking, operatorCalls, operatorSessions } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { thisMonth as month, paidToday as paid } from '#test/statement-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { StatementScope } from './statements.repository.ts';
import { monthTotals } from './statements.service.ts';

// P99 ≤ 200 ms at 10×: the statement's month totals are kept a minute per scope (supplier or all, month, branches),
// as the desk's totals and the dashboard's figures, and say when they were summed; 'fresh' sums them now. No scope is
// ever answered with another's, and a page's rows are always read now.

type Who = { cookie: string };
const AZUR = DEMO_IDS.suppliers.azurCoast;
const KESTREL = DEMO_IDS.suppliers.kestrel;

describe("the statement's totals kept a minute", () => {
  let t: TestApp;
  let owner: Who;
  let kestrel: Who;
  let admin: Who;
  let accountant: Who;
  let kestrelCar: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ supplier: owner, otherSupplier: kestrel, admin } = await operatorSessions(t.db));
    accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    kestrelCar = (await operatorCalls(t).created(kestrel, { name: 'Kept Clio', licensePlate: 'ST-040-AA' }))._id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const read = async (who: Who, query: Record<string, string> = {}): Promise<Statement> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statement?${new URLSearchParams({ month: month(), size: '0', ...query })}`,
      headers: who,
    });
    expect(res.statusCode, res.body).toBe(200);
    return StatementSchema.parse(res.json());
  };
  const paidToday = (amount: number, overrides: Partial<typeof bookings.$inferInsert> = {}) =>
    paid(t, amount, overrides).then((row) => row.id);
  const received = (statement: Statement) => statement.totals.find((own) => own.currency === 'EUR')?.received ?? 0;
  const exact = async (scope: Omit<StatementScope, 'month'>) => {
    const { totals, rowCount } = await monthTotals(t.db, { month: month(), ...scope });
    return { totals, rowCount };
  };
  /** Date.now `ms` ahead: the kept figures' age, as the cache reads it. */
  const later = (ms: number) => {
    const now = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => now() + ms);
  };

  it('answers the kept totals within the minute, the rows of a page read now, new totals past it or asked fresh', async () => {
    const first = await read(owner);
    expect(Math.abs(Date.parse(first.asOf) - Date.now())).toBeLessThan(10_000);
    const bookingId = await paidToday(9000);

    // Within the minute: the same totals and time, while a page's rows already carry the new payment.
    expect(await read(owner)).toEqual(first);
    const page = await read(owner, { size: '500' });
    expect({ ...page, rows: [] }).toEqual(first);
    expect(
      page.rows
        .filter((row) => row.bookingId === bookingId)
        .map((row) => row.type)
        .sort(),
    ).toEqual(['invoice', 'payment']);

    // Past the minute: the kept ones answered at once while they are summed again behind them, then the new ones.
    later(61_000);
    expect(await read(owner)).toEqual(first);
    const summed = await vi.waitFor(
      async () => {
        const next = await read(owner);
        expect(next.asOf).not.toBe(first.asOf);
        return next;
      },
      { timeout: 10_000 },
    );
    expect(received(summed)).toBe(received(first) + 9000);
    expect(summed.rowCount).toBe(first.rowCount + 2);
    expect(Date.parse(summed.asOf)).toBeGreaterThan(Date.parse(first.asOf) + 60_000);

    // Asked fresh: summed now, and kept so.
    await paidToday(5000);
    expect(received(await read(owner))).toBe(received(summed));
    const fresh = await read(owner, { fresh: 'true' });
    expect(received(fresh)).toBe(received(summed) + 5000);
    expect(await read(owner)).toEqual(fresh);
    expect({ totals: fresh.totals, rowCount: fresh.rowCount }).toEqual(
      await exact({ supplierId: AZUR, branchIds: [] }),
    );
  });

  it("never answers a supplier, the admin or a member limited to branches with another scope's totals", async () => {
    // Azur paid at Paris, Kestrel at Lyon: every scope's month differs from the others'.
    await paidToday(7000);
    await paidToday(4000, { ...lyonBooking(kestrelCar, period(30, 2)), supplierId: KESTREL });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-member/${DEMO_ACCOUNTS.accountant.id}`,
      headers: owner,
      payload: { branchIds: [DEMO_IDS.locations.lyonAirport] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const scopes: { who: Who; query: Record<string, string>; scope: Omit<StatementScope, 'month'> }[] = [
      { who: admin, query: {}, scope: { supplierId: null, branchIds: [] } },
      { who: owner, query: {}, scope: { supplierId: AZUR, branchIds: [] } },
      { who: kestrel, query: {}, scope: { supplierId: KESTREL, branchIds: [] } },
      { who: accountant, query: {}, scope: { supplierId: AZUR, branchIds: [DEMO_IDS.locations.lyonAirport] } },
      { who: admin, query: { supplierId: KESTREL }, scope: { supplierId: KESTREL, branchIds: [] } },
    ];
    // Each scope's totals summed and kept in turn, then each asks again: its own, never the last kept.
    for (const { who, query } of scopes) await read(who, { ...query, fresh: 'true' });
    const answers = [];
    for (const { who, query, scope } of scopes) {
      const kept = await read(who, query);
      expect({ totals: kept.totals, rowCount: kept.rowCount }, JSON.stringify(scope)).toEqual(await exact(scope));
      answers.push(JSON.stringify(kept.totals));
    }
    expect(new Set(answers.slice(0, 4)).size).toBe(4);
  });
});
