import type { CounterBooking } from '@roam/contract/counter.schema';
import type { Statement } from '@roam/contract/statements';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, invoices, payments } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { recordCharge } from '#server/features/ledger/ledger.service.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, resetClock, setClock } from './counter.test-helpers.ts';

// The security deposit taken at the desk (docs/decisions/0012-deposit-holds.md, "Deposits at the desk"), through
// HTTP on the real database: recorded once as a hold of the ledger (provider `counter`, its method), at most the
// booking's deposit and only while none is held; at the close the charges at return are captured from it (a desk
// payment, invoiced) and the rest released — handed back; the month's statement counts it held, captured, released.

const DAY = 24 * 3600_000;
type Who = { cookie: string };

describe('a deposit taken at the desk', () => {
  let t: TestApp;
  let supplier: Who;
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => t.close());

  const call = (url: string, payload?: object, who: Who = supplier) =>
    t.app.inject({ method: 'POST', url, headers: who, ...(payload ? { payload } : {}) });
  const deposits = async (month: string) => {
    resetClock(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statement?month=${month}&fresh=true`,
      headers: supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Statement).totals.find((total) => total.currency === 'EUR')?.deposits;
  };

  /** A rental paid in full online (150 €, invoiced), its car's deposit 300 € not held: the desk takes it. */
  async function paidInFull(daysAhead: number) {
    const id = await insertRental(t, daysAhead, 2, {
      carId: await insertCar(t),
      totalAmount: 15000,
      price: 15000,
      depositAmount: 30000,
      status: 'paid',
      paymentOption: 'full',
      payNow: 15000,
      chargedAmount: 15000,
      paymentProvider: 'demo',
      paymentReference: `demo_desk_deposit_${daysAhead}`,
      paidAt: new Date(),
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    await t.db.transaction((tx) =>
      recordCharge(t.app.context, tx, {
        booking: row!,
        purpose: 'rental',
        provider: 'demo',
        reference: `demo_desk_deposit_${daysAhead}`,
        amount: 15000,
        key: `booking-${id}`,
      }),
    );
    return id;
  }

  it('holds it once, within the deposit; captures the charges from it at the close and releases the rest', async () => {
    const id = await paidInFull(30);
    const beforeTakeOut = new Date(parisAt(30).getTime() - 3600_000);
    setClock(t, beforeTakeOut);
    const open = await t.app.inject({ method: 'GET', url: `/api/counter-booking/${id}`, headers: supplier });
    expect((open.json() as CounterBooking).actions).toContain('recordDeposit');

    // Who may: not the accountant (no `counter`), not another business (404), not a driver.
    const body = { key: 'deposit-0001', method: 'cash', amount: 30000 };
    const accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    expect((await call(`/api/counter-deposit/${id}`, body, accountant)).statusCode).toBe(403);
    expect((await call(`/api/counter-deposit/${id}`, body, kestrel)).statusCode).toBe(404);
    // More than the booking's deposit: refused at the field.
    const over = await call(`/api/counter-deposit/${id}`, { ...body, key: 'deposit-over', amount: 30001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({ amount: ["The amount is more than the booking's deposit (300 €)."] });

    // Taken in cash; the same key again (a double click) records nothing more; a second deposit is refused.
    setClock(t, beforeTakeOut);
    const taken = await call(`/api/counter-deposit/${id}`, body);
    expect(taken.statusCode, taken.body).toBe(200);
    const view = taken.json() as CounterBooking;
    expect(view.balance).toMatchObject({ paid: 15000, held: 30000, due: 0 });
    expect(view.actions).not.toContain('recordDeposit');
    expect((await call(`/api/counter-deposit/${id}`, body)).statusCode).toBe(200);
    const again = await call(`/api/counter-deposit/${id}`, { ...body, key: 'deposit-0002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A deposit is already held for this booking.');
    const [hold, ...more] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.kind, 'authorization')));
    expect(more).toEqual([]);
    expect(hold).toMatchObject({
      provider: 'counter',
      method: 'cash',
      purpose: 'deposit',
      status: 'succeeded',
      amount: 30000,
      expiresAt: null,
      recordedBy: DEMO_IDS.users.supplier,
    });
    // A hold is no sale: no invoice for it.
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, hold!.id))).toEqual([]);

    // Out, then back with 2/8 of the tank missing: the refuelling charge is due.
    expect((await call(`/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(t, new Date(parisAt(30).getTime() + 2 * DAY));
    const back = await call(`/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 6 } });
    expect(back.statusCode, back.body).toBe(200);
    const charges = (back.json() as CounterBooking).balance!.charges;
    expect(charges).toBeGreaterThan(0);
    expect((back.json() as CounterBooking).balance).toMatchObject({ held: 30000, due: charges });
    const closedAt = new Date(parisAt(30).getTime() + 2 * DAY + 600_000);
    const month = closedAt.toISOString().slice(0, 7);
    const before = await deposits(month);

    setClock(t, closedAt);
    const closed = await call(`/api/close-booking/${id}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as CounterBooking).status).toBe('closed');
    expect((closed.json() as CounterBooking).balance).toMatchObject({ held: 0, due: 0, excess: 0 });
    const rows = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    const capture = rows.find((row) => row.kind === 'capture')!;
    expect(capture).toMatchObject({
      parentId: hold!.id,
      provider: 'counter',
      method: 'cash',
      purpose: 'return_charges',
      amount: charges,
      status: 'succeeded',
    });
    expect(rows.find((row) => row.id === hold!.id)).toMatchObject({
      status: 'released',
      releasedAmount: 30000 - charges,
    });
    // What was captured is invoiced like any money taken: the charge's line.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, capture.id));
    expect(invoice).toMatchObject({ kind: 'invoice', gross: charges });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.filter((entry) => entry.action === 'counterDeposit')).toHaveLength(1);

    // The month's statement counts the deposit: held, captured from it, released.
    const after = await deposits(month);
    expect({
      held: after!.held - (before?.held ?? 0),
      captured: after!.captured - (before?.captured ?? 0),
      released: after!.released - (before?.released ?? 0),
    }).toEqual({ held: 30000, captured: charges, released: 30000 - charges });
  });

  it('is taken only from the confirmation until the return, and only for a booking with a deposit', async () => {
    const none = await paidInFull(40);
    await t.db.update(bookings).set({ depositAmount: 0 }).where(eq(bookings.id, none));
    const refused = await call(`/api/counter-deposit/${none}`, { key: 'deposit-none', method: 'cash', amount: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This booking has no security deposit.');

    const cancelled = await paidInFull(44);
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled));
    const late = await call(`/api/counter-deposit/${cancelled}`, { key: 'deposit-late', method: 'cash', amount: 100 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A deposit is taken at the desk from the booking until the car is returned.');
    expect(await t.db.select().from(payments).where(eq(payments.kind, 'authorization'))).not.toContainEqual(
      expect.objectContaining({ bookingId: cancelled }),
    );
  });
});
