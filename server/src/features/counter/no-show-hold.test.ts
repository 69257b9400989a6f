import type { CounterBooking } from '@roam/contract/counter.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { holdExpiry, recordHold } from '#server/features/holds/holds.service.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// A no-show's deposit held on the card (docs/decisions/0012-deposit-holds.md, "No-shows"): by the fee rule the fee is
// captured from the hold — invoiced, nothing left due — and the rest released; by the keep rule the hold is released
// whole. Through HTTP on the real database, the demo gateway's hold.

describe('a no-show with a deposit held', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: supplier, payload });

  /** A booking whose 300 € deposit is held by the demo card (the deposit option), nothing else paid. */
  async function heldBooking(daysAhead: number) {
    const id = await insertRental(t, daysAhead, 2, {
      carId: await insertCar(t),
      depositAmount: 30000,
      status: 'deposit',
      paymentOption: 'deposit',
      paymentProvider: 'demo',
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const hold = await t.db.transaction((tx) =>
      recordHold(t.app.context, tx, {
        booking: row!,
        provider: 'demo',
        reference: `demo_noshow_${id}`,
        amount: 30000,
        key: `hold-${id}`,
        expiresAt: holdExpiry(new Date()),
      }),
    );
    setClock(t, new Date(parisAt(daysAhead).getTime() + 61 * 60_000));
    return { id, holdId: hold.id };
  }
  const settings = (noShowRule: 'fee' | 'keep') =>
    call('PUT', '/api/update-counter-settings', {
      supplierId: DEMO_IDS.suppliers.azurCoast,
      noShowRule,
      noShowFee: 4000,
      noShowGraceMinutes: 60,
    });

  it('takes the fee from the hold, invoiced, and releases the rest', async () => {
    expect((await settings('fee')).statusCode).toBe(200);
    const { id, holdId } = await heldBooking(30);
    const res = await call('POST', `/api/no-show/${id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const view: CounterBooking = res.json().booking;
    expect(view.balance).toMatchObject({ charges: 4000, paid: 4000, held: 0, due: 0 });
    const rows = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    const capture = rows.find((row) => row.kind === 'capture');
    expect(capture).toMatchObject({ parentId: holdId, purpose: 'no_show', amount: 4000, status: 'succeeded' });
    expect(rows.find((row) => row.id === holdId)).toMatchObject({ status: 'released', releasedAmount: 26000 });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, capture!.id));
    expect(invoice).toMatchObject({ kind: 'invoice', gross: 4000 });
    expect(invoice!.lines.map((line) => line.item)).toEqual(['no_show']);
  });

  it('by the keep rule, releases the hold whole', async () => {
    expect((await settings('keep')).statusCode).toBe(200);
    const { id, holdId } = await heldBooking(34);
    const res = await call('POST', `/api/no-show/${id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(rows.filter((row) => row.kind === 'capture')).toEqual([]);
    expect(rows.find((row) => row.id === holdId)).toMatchObject({ status: 'released', releasedAmount: 30000 });
  });
});
