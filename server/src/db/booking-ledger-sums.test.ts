import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLedgerSums, bookings, payments, refunds } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Each booking's ledger sums are kept by the database as payments and refunds are written (schema-counts.ts
// `booking_ledger_sums`, its migration's triggers), not grouped from the whole ledger per read: they must equal the
// ledger's own sums after every kind of write — one row or many in a statement, a payment taken later, a refund, a
// hold (no money taken), deletes — on PGlite and on PostgreSQL (vitest.config.ts runs src/db on both).

describe('the ledger sums kept per booking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The sums as the desk read them before they were kept: the ledger grouped per booking. */
  async function ledger() {
    const result = await t.db.execute(sql`select b.id as "bookingId",
        coalesce((select sum(p.amount) from payments p where p.booking_id = b.id and p.status = 'succeeded'
          and p.kind in ('charge', 'capture', 'counter')), 0)::float8 as paid,
        coalesce((select sum(p.amount) from payments p where p.booking_id = b.id and p.status = 'succeeded'
          and p.kind in ('charge', 'capture', 'counter') and p.provider <> 'counter'), 0)::float8 as "paidOnline",
        coalesce((select sum(r.amount) from refunds r where r.booking_id = b.id and r.status = 'succeeded'), 0)::float8
          as refunded
      from bookings b`);
    const rows = (
      result as unknown as { rows: { bookingId: string; paid: number; paidOnline: number; refunded: number }[] }
    ).rows;
    return rows.filter((row) => row.paid !== 0 || row.paidOnline !== 0 || row.refunded !== 0);
  }
  async function kept() {
    const rows = await t.db.select().from(bookingLedgerSums);
    return rows.filter((row) => row.paid !== 0 || row.paidOnline !== 0 || row.refunded !== 0);
  }
  const sorted = <T extends { bookingId: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.bookingId.localeCompare(b.bookingId));
  const expectKept = async () => expect(sorted(await kept())).toEqual(sorted(await ledger()));

  it('equals the ledger after the seed', async () => {
    expect((await ledger()).length).toBeGreaterThan(0);
    await expectKept();
  });

  it('follows payments and refunds inserted, settled, changed and deleted, one or many a statement', async () => {
    const own = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.supplierId, DEMO_IDS.suppliers.azurCoast))
      .limit(3);
    const [a, b, c] = own.map((row) => row.id) as [string, string, string];
    let n = 0;
    const next = () => {
      n += 1;
      return n;
    };
    const payment = (bookingId: string, fields: Partial<typeof payments.$inferInsert> = {}) => ({
      bookingId,
      supplierId: DEMO_IDS.suppliers.azurCoast,
      kind: 'charge' as const,
      purpose: 'rental' as const,
      provider: 'demo' as const,
      idempotencyKey: `ledger-sums-${next()}`,
      amount: 1_000 + n,
      currency: 'EUR',
      status: 'succeeded' as const,
      ...fields,
    });
    // Many rows in one statement: charges, a counter payment, a pending one, a hold (no money taken).
    const inserted = await t.db
      .insert(payments)
      .values([
        payment(a),
        payment(a, { kind: 'counter', provider: 'counter', method: 'cash' }),
        payment(b, { status: 'pending' }),
        payment(c, { kind: 'authorization', purpose: 'deposit', amount: 30_000 }),
        payment(c),
      ])
      .returning();
    await expectKept();
    const pending = inserted.find((row) => row.status === 'pending')!;
    const hold = inserted.find((row) => row.kind === 'authorization')!;
    // Settled later; a capture from the hold; the hold released (no sum changes).
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, pending.id));
    await t.db.insert(payments).values(payment(c, { kind: 'capture', parentId: hold.id, amount: 5_000 }));
    await t.db.update(payments).set({ status: 'released', releasedAmount: 25_000 }).where(eq(payments.id, hold.id));
    await expectKept();
    // Refunds: one pending then succeeded, two at once.
    const [refund] = await t.db
      .insert(refunds)
      .values({ bookingId: a, key: 'ledger-sums-r1', provider: 'demo', amount: 300, currency: 'EUR' })
      .returning();
    await expectKept();
    await t.db.update(refunds).set({ status: 'succeeded' }).where(eq(refunds.id, refund!.id));
    await t.db.insert(refunds).values([
      { bookingId: b, key: 'ledger-sums-r2', provider: 'demo', amount: 100, currency: 'EUR', status: 'succeeded' },
      { bookingId: c, key: 'ledger-sums-r3', provider: 'demo', amount: 200, currency: 'EUR', status: 'succeeded' },
    ]);
    await expectKept();
    // An amount corrected, a payment moved to another booking, then deletes.
    await t.db.update(payments).set({ amount: 777 }).where(eq(payments.id, inserted[0]!.id));
    await t.db.update(payments).set({ bookingId: b }).where(eq(payments.id, inserted[4]!.id));
    await expectKept();
    await t.db.delete(refunds).where(inArray(refunds.key, ['ledger-sums-r1', 'ledger-sums-r2']));
    await t.db.delete(payments).where(eq(payments.id, inserted[1]!.id));
    await expectKept();
  });
});
