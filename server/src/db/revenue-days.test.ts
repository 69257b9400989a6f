import type { BookingStatus } from '@roam/contract/bookings';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, locations, payments, refunds } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { type DeskFilter, totalsOf } from '#server/features/booking-desk/booking-desk.repository.ts';
import { revenue } from '#server/features/dashboard/dashboard.repository.ts';
import {
  BASE_REFUNDED,
  BASE_REVENUE,
  LEDGER_SUMS_JOIN,
  onPlaceDays,
  REFUNDED,
  REVENUE,
} from '#server/lib/booking-money.repository.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { dayFromNow } from '#test/fleet-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The bookings desk's unfiltered totals line (or by status only) and the dashboard's revenue of a period are kept by
// the database as bookings, their ledger sums and places' zones are written (schema-counts.ts `revenueDays`,
// migration 0046's triggers), not summed from every booking of the scope: they must equal the sums of the rows with
// lib/booking-money.repository.ts's expressions (the queries below, the desk's and the dashboard's until 0046) after
// every kind of write, for the admin and each supplier, on PGlite and on PostgreSQL (vitest.config.ts runs src/db on
// both).

describe('the desk’s totals and the dashboard’s revenue kept as bookings and their ledgers are written', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ofScope = (supplierId: string | null) => (supplierId ? sql`and b.supplier_id = ${supplierId}` : sql``);
  /** What the desk summed before the totals were kept: every matching rental with its ledger sums. */
  async function summed(supplierId: string | null, statuses: BookingStatus[]) {
    const result = await t.db.execute(sql`select b.currency, count(*)::int as bookings,
        coalesce(sum(${REVENUE('sums')}), 0)::float8 as revenue, coalesce(sum(${REFUNDED('sums')}), 0)::float8 as refunded
      from bookings b ${LEDGER_SUMS_JOIN}
      where b.kind = 'rental' ${ofScope(supplierId)}
        ${
          statuses.length > 0
            ? sql`and b.status in (${sql.join(
                statuses.map((status) => sql`${status}`),
                sql`, `,
              )})`
            : sql``
        }
      group by b.currency order by b.currency`);
    const totals = (
      result as unknown as { rows: { currency: string; bookings: number; revenue: number; refunded: number }[] }
    ).rows;
    return { totalCount: totals.reduce((count, row) => count + row.bookings, 0), totals };
  }
  /** What the dashboard summed for a period before its revenue was kept. */
  async function periodSummed(supplierId: string | null, from: string, to: string) {
    const result = await t.db.execute(sql`
      select b.status, b.currency, count(*)::int as bookings, sum(${REVENUE('sums')})::text as amount,
        sum(${BASE_REVENUE('sums')})::text as "baseAmount", sum(${REFUNDED('sums')})::text as refunded,
        sum(${BASE_REFUNDED('sums')})::text as "baseRefunded"
      from bookings b join locations pl on pl.id = b.pickup_location_id ${LEDGER_SUMS_JOIN}
      where b.kind = 'rental' and ${onPlaceDays(sql`b.pickup_at`, sql`pl.time_zone`, from, to)} ${ofScope(supplierId)}
      group by b.status, b.currency order by b.status, b.currency`);
    return (result as unknown as { rows: unknown[] }).rows;
  }
  // Around today (the seed's bookings), the test's days far ahead, and the days either side of one of them.
  const periods = [
    [dayFromNow(-30), dayFromNow(30)],
    [dayFromNow(290), dayFromNow(320)],
    [dayFromNow(303), dayFromNow(304)],
  ] as const;
  const filter = (supplierId: string | null, statuses: BookingStatus[]): DeskFilter => ({
    supplierId,
    branchIds: [],
    statuses,
    paymentStates: [],
  });
  async function expectKept(step: string) {
    for (const supplierId of [null, DEMO_IDS.suppliers.azurCoast, DEMO_IDS.suppliers.kestrel]) {
      for (const statuses of [[], ['cancelled', 'void'], ['reserved', 'paid', 'no_show']] as BookingStatus[][]) {
        expect(await totalsOf(t.db, filter(supplierId, statuses)), `${step}: ${supplierId} ${statuses}`).toEqual(
          await summed(supplierId, statuses),
        );
      }
      for (const [from, to] of periods) {
        expect(await revenue(t.db, supplierId, from, to), `${step}: ${supplierId} ${from}–${to}`).toEqual(
          await periodSummed(supplierId, from, to),
        );
      }
    }
  }

  it('equals the sums after the seed', async () => {
    const [row] = (
      (await t.db.execute(sql`select count(*)::int as n from revenue_days`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row!.n).toBeGreaterThan(0);
    expect((await summed(null, [])).totalCount).toBeGreaterThan(0);
    await expectKept('seed');
  });

  it('follows bookings and their payments and refunds inserted, changed and deleted', async () => {
    const AZUR = DEMO_IDS.suppliers.azurCoast;
    // In one statement: two rentals, a block (never counted), one in another currency.
    const [a, b, , c] = await t.db
      .insert(bookings)
      .values([
        bookingRow(period(300, 2), { status: 'paid', totalAmount: 12_345 }),
        bookingRow(period(303, 2), { status: 'pending', totalAmount: 20_000 }),
        bookingRow(period(306, 2), { kind: 'block', blockReason: 'maintenance' }),
        bookingRow(period(309, 2), { status: 'reserved', currency: 'GBP', totalAmount: 9_999 }),
      ])
      .returning({ id: bookings.id });
    await expectKept('inserted');
    let n = 0;
    const payment = (bookingId: string, fields: Partial<typeof payments.$inferInsert> = {}) => {
      n += 1;
      return {
        bookingId,
        supplierId: AZUR,
        kind: 'charge' as const,
        purpose: 'rental' as const,
        provider: 'demo' as const,
        idempotencyKey: `revenue-days-${n}`,
        amount: 1_000 + n,
        currency: 'EUR',
        status: 'succeeded' as const,
        ...fields,
      };
    };
    // Money taken (one pending, settled later), then a refund; a booking cancelled keeps what was paid less refunds.
    const [, pending] = await t.db
      .insert(payments)
      .values([payment(a!.id), payment(b!.id, { status: 'pending' }), payment(b!.id)])
      .returning();
    await expectKept('paid');
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, pending!.id));
    await t.db.update(bookings).set({ status: 'cancelled', blocksCar: false }).where(eq(bookings.id, b!.id));
    await expectKept('cancelled with money');
    const [refund] = await t.db
      .insert(refunds)
      .values({ bookingId: b!.id, key: 'revenue-days-r1', provider: 'demo', amount: 500, currency: 'EUR' })
      .returning();
    await t.db.update(refunds).set({ status: 'succeeded' }).where(eq(refunds.id, refund!.id));
    await t.db.insert(refunds).values({
      bookingId: a!.id,
      key: 'revenue-days-r2',
      provider: 'demo',
      amount: 200,
      currency: 'EUR',
      status: 'succeeded',
    });
    await expectKept('refunded');
    // The total amended, a no-show, the currency and supplier changed, a status back; many rows in one update.
    await t.db.update(bookings).set({ totalAmount: 15_000 }).where(eq(bookings.id, a!.id));
    await t.db.update(bookings).set({ status: 'no_show', blocksCar: false }).where(eq(bookings.id, a!.id));
    await t.db.update(bookings).set({ currency: 'EUR' }).where(eq(bookings.id, c!.id));
    await t.db.update(bookings).set({ supplierId: DEMO_IDS.suppliers.kestrel }).where(eq(bookings.id, c!.id));
    await expectKept('amended');
    await t.db.update(bookings).set({ updatedAt: new Date() }).where(eq(bookings.supplierId, AZUR));
    await t.db.update(payments).set({ amount: 4_321 }).where(eq(payments.bookingId, a!.id));
    await expectKept('bulk update, amount corrected');
    // A place's clock changed: its rentals move to the days of the new one (10:00 at Paris is the evening before at
    // Tahiti).
    await t.db
      .update(locations)
      .set({ timeZone: 'Pacific/Tahiti' })
      .where(eq(locations.id, DEMO_IDS.locations.parisCdg));
    await expectKept('zone changed');
    await t.db.update(locations).set({ timeZone: 'Europe/Paris' }).where(eq(locations.id, DEMO_IDS.locations.parisCdg));
    // Deletes: the refunds, a payment, then a booking with refunds left (they go with it) and one without money.
    await t.db.delete(refunds).where(eq(refunds.key, 'revenue-days-r2'));
    await t.db.delete(payments).where(eq(payments.bookingId, b!.id));
    await expectKept('money deleted');
    await t.db.delete(bookings).where(inArray(bookings.id, [b!.id, c!.id]));
    await expectKept('bookings deleted');
  });
});
