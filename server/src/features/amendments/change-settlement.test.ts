import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, notifications, outbox, refunds } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Every change of a booking is settled against what was actually paid (the ledger), through
// one path whoever makes it, priced at the booking's own terms. Each exploit sequence of the issue is a test here:
// the supplier extends a paid booking and the driver changes it back (refunded everything before); the supplier
// shortens a paid booking (refunded nothing before) and restores it (charged again); the empty change after a price
// drop (re-priced the booking at the car's new price and refunded the difference).

type Who = { cookie: string };

describe('a change is settled against what was paid', () => {
  let t: TestApp;
  let driver: Who;
  let supplier: Who;
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(() => t.close());

  const post = (who: Who, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who, ...(payload ? { payload } : {}) });
  /** The supplier edits the Clio (`PUT /api/update-car`: only the fields sent change). */
  const editClio = (fields: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/update-car',
      headers: supplier,
      payload: { _id: DEMO_IDS.cars.clio, ...fields },
    });
  const change = (who: Who, id: string, payload: object) => post(who, `/api/update-booking/${id}`, payload);
  const quote = (who: Who, id: string, payload: object) => post(who, `/api/amendment-quote/${id}`, payload);
  const refundsOf = (id: string) => t.db.select().from(refunds).where(eq(refunds.bookingId, id));
  const booking = async (id: string) => (await t.app.inject({ url: `/api/booking/${id}`, headers: driver })).json();

  /** The Clio for `days` days from `daysAhead`, the amendments extra bought, paid in full by the demo card. */
  async function paidBooking(daysAhead: number, days: number) {
    const res = await post(
      driver,
      '/api/checkout',
      checkoutBody(
        { paymentOption: 'full', extras: { amendments: true }, ...period(daysAhead, days) } as never,
        daysAhead,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount } = res.json();
    const paid = await post(driver, `/api/demo-payment/${bookingId}`, GOOD_CARD);
    expect(paid.json().status).toBe('paid');
    return { id: bookingId as string, charged: chargedAmount as number };
  }

  it('the supplier extends a paid booking: the difference is due; changed back, nothing is refunded', async () => {
    const { id, charged } = await paidBooking(20, 3);
    const extended = await change(supplier, id, period(20, 4));
    expect(extended.statusCode, extended.body).toBe(200);
    const longer = extended.json().amounts.total as number;
    expect(longer).toBeGreaterThan(charged);
    // Paid online stays what was paid; the difference is due at the counter (or through the link e-mailed).
    expect(extended.json().amounts).toMatchObject({ total: longer, payNow: charged, payAtPickup: longer - charged });

    // The driver changes it back: the total is what was paid again, and nothing was paid beyond it to give back.
    const back = period(20, 3);
    const q = (await quote(driver, id, back)).json();
    expect(q.settlement).not.toBe('refund');
    const res = await change(driver, id, back);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amounts).toMatchObject({ total: charged, payNow: charged, payAtPickup: 0 });
    expect(await refundsOf(id)).toEqual([]);
  });

  it('the supplier shortens a paid booking: the excess is refunded; restoring it makes the difference due once', async () => {
    const { id, charged } = await paidBooking(26, 4);
    const shortened = await change(supplier, id, period(26, 1));
    expect(shortened.statusCode, shortened.body).toBe(200);
    const oneDay = shortened.json().amounts.total as number;
    expect(oneDay).toBeLessThan(charged);
    // Refunded through the booking's gateway at once: what was paid beyond the new total, never more.
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({ provider: 'demo', amount: charged - oneDay, status: 'succeeded' }),
    ]);
    expect(shortened.json().amounts).toMatchObject({ total: oneDay, payNow: oneDay, payAtPickup: 0 });
    // The driver is told of the change and of the refund.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, id), eq(notifications.userId, DEMO_ACCOUNTS.driver.id)));
    expect(told.find((n) => n.kind === 'bookingChanged')?.params).toMatchObject({ refundAmount: charged - oneDay });

    // Restored: nothing is charged or refunded by itself; the difference is due, once.
    const restored = await change(supplier, id, period(26, 4));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().amounts).toMatchObject({ total: charged, payNow: oneDay, payAtPickup: charged - oneDay });
    expect(await refundsOf(id)).toHaveLength(1);
    // The driver is e-mailed a link to pay it online (the booking-payment link), and may pay it from the booking.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, DEMO_ACCOUNTS.driver.email))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain('/manage-booking?t=');
    const open = await post(driver, `/api/balance-payment/${id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().amount).toEqual({ amount: charged - oneDay, currency: 'EUR' });
    const paid = await post(driver, `/api/pay-amendment/${id}/${open.json().amendmentId}`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await booking(id)).amounts).toMatchObject({ total: charged, payNow: charged, payAtPickup: 0 });
    // Nothing left to pay.
    expect((await post(driver, `/api/balance-payment/${id}`)).statusCode).toBe(409);
  });

  it('an empty change after the car got cheaper changes nothing; a real change is priced at the booking’s own rates', async () => {
    const { id, charged } = await paidBooking(32, 4);
    const extend = period(32, 5);
    const before = (await quote(driver, id, extend)).json();
    expect(before.settlement).toBe('charge');
    // The supplier lowers the Clio's prices (daily, 3-day and weekly) to a tenth.
    const cheaper = await editClio({
      dailyPrice: 390,
      hourlyPrice: 90,
      biWeeklyPrice: 1050,
      weeklyPrice: 2200,
    });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    try {
      const empty = await quote(driver, id, {});
      expect(empty.json()).toMatchObject({ settlement: 'none', amount: { amount: 0 }, after: { amount: charged } });
      const res = await change(driver, id, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().amounts).toMatchObject({ total: charged, payNow: charged });
      expect(await refundsOf(id)).toEqual([]);
      // A real change prices only what changes, at the prices the booking was bought with.
      expect((await quote(driver, id, extend)).json()).toEqual(before);
    } finally {
      await editClio({
        dailyPrice: 3900,
        hourlyPrice: 900,
        biWeeklyPrice: 10500,
        weeklyPrice: 22000,
      });
    }
  });

  it('a supplier’s later edit of the car takes nothing away: the amendments bought and the cancellation included stay', async () => {
    const { id } = await paidBooking(38, 3);
    const [clio] = await t.db.select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    const edited = await editClio({
      amendments: -1,
      cancellation: 1500,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    try {
      expect((await booking(id)).amendable).toBe(true);
      const q = await quote(driver, id, period(38, 2));
      expect(q.statusCode, q.body).toBe(200);
      // The Clio included free cancellation when it was booked: still free, everything paid comes back.
      const cancel = (await t.app.inject({ url: `/api/cancellation-quote/${id}`, headers: driver })).json();
      expect(cancel).toMatchObject({ decision: 'now', fee: 0 });
    } finally {
      const { amendments, cancellation } = clio!;
      await editClio({ amendments, cancellation });
    }
  });
});
