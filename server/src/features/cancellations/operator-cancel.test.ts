import { formatMinor } from '@roam/contract/money';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, cars, notifications, outbox, payments, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An operator's cancellation gives back what the booking's terms give, through the gateway it was paid with, and
// tells the driver — whichever call makes it (cancel-booking, update-booking's status, the bulk status); a booking
// that took money is kept with its ledger: cancelled, never deleted; deleting one that never did tells its driver
// (docs/architecture.md §5 "Bookings").

type Who = { cookie: string };

describe('an operator cancels or deletes a booking', () => {
  let t: TestApp;
  let driver: Who;
  let supplier: Who;
  let admin: Who;
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const post = (who: Who, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who, ...(payload ? { payload } : {}) });
  const refundsOf = (id: string) => t.db.select().from(refunds).where(eq(refunds.bookingId, id));
  const statusOf = async (id: string) =>
    (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const driverNotices = (id: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, id), eq(notifications.userId, DEMO_ACCOUNTS.driver.id)));
  const lastMailToDriver = async () =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, DEMO_ACCOUNTS.driver.email))
        .orderBy(desc(outbox.createdAt))
        .limit(1)
    )[0];

  /** The demo driver's Clio `daysAhead` days ahead, paid in full by the demo card, or booked to pay later. */
  async function booked(daysAhead: number, paymentOption: 'full' | 'payLater' = 'full') {
    const res = await post(driver, '/api/checkout', checkoutBody({ paymentOption } as never, daysAhead));
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount } = res.json();
    if (paymentOption === 'full') {
      const paid = await post(driver, `/api/demo-payment/${bookingId}`, GOOD_CARD);
      expect(paid.json().status).toBe('paid');
    }
    return { id: bookingId as string, charged: chargedAmount as number };
  }

  it('cancel-booking by the supplier refunds by the terms through the gateway, audits it and tells the driver', async () => {
    const { id, charged } = await booked(20);
    const res = await post(supplier, `/api/cancel-booking/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    // The Clio includes free cancellation: everything paid comes back, once, even when cancelled again.
    expect((await post(supplier, `/api/cancel-booking/${id}`)).statusCode).toBe(200);
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({ provider: 'demo', amount: charged, status: 'succeeded' }),
    ]);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([['cancel', DEMO_ACCOUNTS.supplier.id]]);
    expect(trail[0]?.changes.refund).toEqual({ before: null, after: { amount: charged, currency: 'EUR' } });
    const told = (await driverNotices(id)).filter((n) => n.kind === 'bookingStatusChanged');
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ status: 'cancelled', refundAmount: charged, refundCurrency: 'EUR' });
    expect((await lastMailToDriver())?.text).toContain(`Refund: ${formatMinor(charged, 'EUR', 'en')}`);
  });

  it('not covered by the terms: the operator’s cancel keeps the fee the driver’s request would, no more', async () => {
    await t.db.update(cars).set({ cancellation: 1500 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    try {
      const { id, charged } = await booked(24);
      const quote = (await t.app.inject({ url: `/api/cancellation-quote/${id}`, headers: driver })).json();
      expect(quote.fee).toBeGreaterThan(0);
      const res = await post(admin, `/api/update-booking/${id}`, { status: 'cancelled' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf(id)).toBe('cancelled');
      expect(await refundsOf(id)).toEqual([
        expect.objectContaining({ amount: charged - quote.fee, status: 'succeeded' }),
      ]);
    } finally {
      await t.db.update(cars).set({ cancellation: 0 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    }
  });

  it('the bulk status: cancelled refunds each booking once; void is refused for a paid one', async () => {
    const first = await booked(30);
    const second = await booked(34);
    const bulk = (status: string) =>
      post(supplier, '/api/update-booking-status', { ids: [first.id, second.id], status });
    expect((await bulk('void')).statusCode).toBe(409);
    expect(await statusOf(first.id)).toBe('paid');
    const res = await bulk('cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect((await bulk('cancelled')).statusCode).toBe(200);
    for (const { id, charged } of [first, second]) {
      expect(await statusOf(id)).toBe('cancelled');
      expect(await refundsOf(id)).toEqual([expect.objectContaining({ amount: charged, status: 'succeeded' })]);
      expect((await driverNotices(id)).map((n) => n.kind)).toContain('bookingStatusChanged');
    }
  });

  it('a booking that took money is never deleted, even cancelled; one that never did is, and its driver is told', async () => {
    const { id } = await booked(40);
    const paid = await post(supplier, '/api/delete-bookings', { ids: [id] });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/cannot be deleted: cancel it instead/);
    expect(await statusOf(id)).toBe('paid');
    // Cancelled and refunded, its ledger is still the record of the money: kept.
    expect((await post(supplier, `/api/cancel-booking/${id}`)).statusCode).toBe(200);
    expect((await post(admin, '/api/delete-bookings', { ids: [id] })).statusCode).toBe(409);
    expect((await post(driver, '/api/delete-bookings', { ids: [id] })).statusCode).toBe(409);
    // The rental's charge, and the deposit held beside it (docs/decisions/0014-charges-after-the-rental.md).
    const kept = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(kept.map((row) => row.kind).sort()).toEqual(['authorization', 'charge']);

    const later = await booked(44, 'payLater');
    const res = await post(supplier, '/api/delete-bookings', { ids: [later.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(later.id)).toBeUndefined();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, DEMO_ACCOUNTS.driver.id), eq(notifications.kind, 'bookingDeleted')));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ car: 'Renault Clio' });
    expect((await lastMailToDriver())?.text).toContain('Renault Clio');
  });
});
