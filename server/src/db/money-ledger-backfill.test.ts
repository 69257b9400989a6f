import { readFileSync } from 'node:fs';
import { bookedTerms } from '@roam/contract/booked-terms';
import { and, asc, eq, ne, notLike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { findCarForBooking } from '#server/lib/car-pricing.repository.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The money ledger's migration (0025_the_money_ledger.sql; docs/decisions/0009-the-money-ledger.md) backfills what
// the code now records as it happens: a booking's own charge, each paid change's difference, the payment each refund
// gives back, and the terms of each booking. Bookings made through the API today (paid, changed cheaper and dearer,
// cancelled) have the ledger the code wrote; wiped and backfilled by the migration's own statements, they must have
// the same ledger again, and the database's `booked_terms` must give the terms checkout wrote.

const MIGRATION = new URL('../../drizzle/0025_the_money_ledger.sql', import.meta.url);
/** The migration's statements from its ledger backfill on (after the terms and the schema). */
const backfill = readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((_, index, all) => index >= all.findIndex((s) => s.startsWith('-- The ledger of what was paid')));

type Who = { cookie: string };

describe('the money ledger migration’s backfill', () => {
  let t: TestApp;
  let driver: Who;
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: driver, ...(payload ? { payload } : {}) });

  async function paidBooking(daysAhead: number, days: number, paymentOption: 'full' | 'deposit' = 'full') {
    const res = await post(
      '/api/checkout',
      checkoutBody({ paymentOption, extras: { amendments: true }, ...period(daysAhead, days) } as never, daysAhead),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    expect((await post(`/api/demo-payment/${id}`, GOOD_CARD)).statusCode).toBe(200);
    return id;
  }

  async function dearerChange(id: string, daysAhead: number, days: number) {
    const opened = await post(`/api/amendment-payment/${id}`, period(daysAhead, days));
    expect(opened.statusCode, opened.body).toBe(200);
    const paid = await post(`/api/pay-amendment/${id}/${opened.json().amendmentId}`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  }

  /** The whole ledger as the backfill can know it (keys, amounts, which payment each refund gives back). */
  async function ledger() {
    const paid = await t.db.select().from(payments).orderBy(asc(payments.idempotencyKey));
    const keyOf = new Map(paid.map((row) => [row.id, row.idempotencyKey]));
    const back = await t.db.select().from(refunds).orderBy(asc(refunds.key));
    return {
      payments: paid.map((row) => ({
        bookingId: row.bookingId,
        amendmentId: row.amendmentId,
        key: row.idempotencyKey,
        kind: row.kind,
        purpose: row.purpose,
        provider: row.provider,
        reference: row.providerReference,
        amount: row.amount,
        status: row.status,
      })),
      refunds: back.map((row) => ({ key: row.key, amount: row.amount, payment: keyOf.get(row.paymentId ?? '') })),
    };
  }

  it('wiped and backfilled, the ledger of paid, changed and cancelled bookings is the one the code wrote', async () => {
    const plain = await paidBooking(20, 3);
    const deposit = await paidBooking(24, 3, 'deposit');
    const shortened = await paidBooking(28, 4);
    expect((await post(`/api/update-booking/${shortened}`, period(28, 2))).statusCode).toBe(200);
    const extended = await paidBooking(34, 3);
    await dearerChange(extended, 34, 5);
    const extendedThenCancelled = await paidBooking(42, 3);
    await dearerChange(extendedThenCancelled, 42, 4);
    expect((await post(`/api/update-booking/${extendedThenCancelled}`, period(42, 2))).statusCode).toBe(200);
    expect((await post(`/api/cancel-booking/${extendedThenCancelled}`)).statusCode).toBe(200);
    const ids = [plain, deposit, shortened, extended, extendedThenCancelled];

    // Besides the demo data's own paid bookings: each one's charge, the two changes' differences, their refunds; and
    // the deposit held beside each of the four paid in full (docs/decisions/0014-charges-after-the-rental.md), born in
    // the ledger like a deposit held at pick-up.
    const written = await ledger();
    const ours = written.payments.filter((row) => ids.includes(row.bookingId));
    expect(ours.map((row) => row.key.split('-')[0])).toEqual([
      ...Array(2).fill('amendment'),
      ...Array(5).fill('booking'),
      ...Array(4).fill('deposit'),
    ]);
    expect(written.refunds.length).toBeGreaterThanOrEqual(3);
    expect(written.refunds.every((refund) => refund.payment)).toBe(true);
    await t.db.transaction(async (tx) => {
      await tx.update(refunds).set({ paymentId: null });
      // Before the ledger there were no invoices either (migration 0029): the trigger that keeps issued ones is set
      // aside for the wipe alone (docs/decisions/0011-invoices.md).
      await tx.execute(sql`alter table invoices disable trigger invoices_immutable`);
      await tx.delete(invoices);
      await tx.execute(sql`alter table invoices enable trigger invoices_immutable`);
      // Money taken at the desk was born in the ledger (no booking column holds it, the backfill cannot rebuild it):
      // it stays, as it would have on a database migrated before the counter took any.
      // So was a deposit held at pick-up (the demo's car on rent: docs/decisions/0012-deposit-holds.md).
      await tx
        .delete(payments)
        .where(and(ne(payments.provider, 'counter'), notLike(payments.idempotencyKey, 'deposit-%')));
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    // The backfill ran before deposits were held (decision 0012): a deposit option's payment was then a charge.
    const beforeHolds = {
      ...written,
      payments: written.payments.map((row) =>
        row.kind === 'authorization' && row.key.startsWith('booking-') ? { ...row, kind: 'charge' as const } : row,
      ),
    };
    expect(await ledger()).toEqual(beforeHolds);
  });

  it('the database’s booked_terms gives the terms checkout wrote, in the same shape', async () => {
    const id = await paidBooking(50, 3);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const pricing = (await findCarForBooking(t.db, row!.carId))!;
    const fromCar = bookedTerms({
      car: pricing.car,
      dateBasedPrices: pricing.dateBasedPrices,
      priceChangeRate: pricing.supplier.priceChangeRate,
    });
    expect(row!.terms).toEqual(fromCar);
    const result = await t.db.execute(sql`select booked_terms(b) as terms from ${bookings} b where b.id = ${id}`);
    expect((result as unknown as { rows: { terms: unknown }[] }).rows[0]!.terms).toEqual(fromCar);
  });
});
