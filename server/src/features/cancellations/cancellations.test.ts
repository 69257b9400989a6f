import { formatMinor } from '@roam/contract/money';
import { zonedToInstant } from '@roam/contract/time';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { bookings, cars, notifications, outbox, refunds, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { accountAsSessionUser } from '#server/plugins/session-user.ts';
import { bookingRow, checkoutBody } from '#test/booking-fixtures.ts';
import { withRefusedInserts } from '#test/refused-inserts.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { cancelBooking, cancellationQuote } from './cancellations.service.ts';

// A driver's cancel is decided at once when the car's terms make it free — pay later, or the
// cancellation extra included or bought, and 24 hours or more before pick-up — and is otherwise the spec's request
// to the operator. The quote the cancel dialog reads is decided by the same rule. (The card and wallet providers'
// refunds: cancellation-refunds.test.ts.)

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' };
const MINUTE = 60_000;

describe('cancel by the car’s terms', () => {
  let t: TestApp;
  let driver: { cookie: string };
  let driver2: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    driver2 = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
  });
  afterAll(() => t.close());

  const quote = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/cancellation-quote/${id}`, headers });
  const cancel = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/cancel-booking/${id}`, headers });

  /** The demo driver's Clio, paid in full with the demo card (`extras` chosen at checkout). */
  async function paid(daysAhead: number, extras: Record<string, boolean> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ paymentOption: 'full', extras } as never, daysAhead),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount } = res.json();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/demo-payment/${bookingId}`,
      headers: driver,
      payload: GOOD_CARD,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    return { id: bookingId as string, chargedAmount: chargedAmount as number };
  }

  it('free: the quote says so and how much comes back; the cancel refunds it once, and tells the driver', async () => {
    const { id, chargedAmount } = await paid(20);
    const q = await quote(driver, id);
    expect(q.statusCode, q.body).toBe(200);
    // The Clio includes cancellation (0): free three weeks ahead, everything paid back.
    expect(q.json()).toEqual({
      decision: 'now',
      paid: { amount: chargedAmount, currency: 'EUR' },
      refund: { amount: chargedAmount, currency: 'EUR' },
      fee: 0,
      paymentProvider: 'demo',
    });
    expect((await quote(driver2, id)).statusCode).toBe(404);
    expect((await quote({}, id)).statusCode).toBe(401);

    const res = await cancel(driver, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelRequest: false });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'cancelled', blocksCar: false, cancelRequest: false });
    // Asked again: the same answer, one refund, one notice.
    expect((await cancel(driver, id)).json().status).toBe('cancelled');
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toEqual([
      expect.objectContaining({ provider: 'demo', amount: chargedAmount, status: 'succeeded' }),
    ]);
    const notes = await t.db.select().from(notifications).where(eq(notifications.bookingId, id));
    expect(notes.filter((n) => n.kind === 'cancelRequested')).toEqual([]);
    const told = notes.filter((n) => n.kind === 'cancelApproved');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ userId: DEMO_ACCOUNTS.driver.id });
    expect(told[0]!.params).toMatchObject({ refundAmount: chargedAmount, refundCurrency: 'EUR' });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, DEMO_ACCOUNTS.driver.email))
      .orderBy(desc(outbox.createdAt));
    expect(mail?.subject).toBe('Your booking of the Renault Clio is cancelled');
    expect(mail?.text).toContain(`Refund: ${formatMinor(chargedAmount, 'EUR', 'en')}, to the card`);
    expect(mail?.text).toContain('It usually arrives within 5 to 10 days.');
    // A cancelled booking has no quote.
    expect((await quote(driver, id)).statusCode).toBe(409);
  });

  it('not free (paid, cancellation cover on sale and not bought): the quote names the fee; the cancel is a request', async () => {
    await t.db.update(cars).set({ cancellation: 1500 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    try {
      const { id, chargedAmount } = await paid(24);
      const q = (await quote(driver, id)).json();
      expect(q.decision).toBe('request');
      expect(q.fee).toBeGreaterThan(0);
      expect(q.refund).toEqual({ amount: chargedAmount - q.fee, currency: 'EUR' });
      const res = await cancel(driver, id);
      expect(res.json()).toMatchObject({ status: 'paid', cancelRequest: true });
      expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toEqual([]);

      // Bought at checkout: free again.
      const covered = await paid(28, { cancellation: true });
      expect((await quote(driver, covered.id)).json()).toMatchObject({ decision: 'now', fee: 0 });
      expect((await cancel(driver, covered.id)).json().status).toBe('cancelled');
    } finally {
      await t.db.update(cars).set({ cancellation: 0 }).where(eq(cars.id, DEMO_IDS.cars.clio));
    }
  });

  it('24 hours by the clock, across a change to summer time: 24 h + 1 min is free, 24 h − 1 min a request', async () => {
    // Pick-up 10:00 in Paris on Sunday 28 March 2027, the night the clocks go forward: 10:00 the day before is only
    // 23 hours earlier. Pay later: free when early enough.
    const pickupAt = zonedToInstant({ date: '2027-03-28', time: '10:00' }, 'Europe/Paris');
    expect(pickupAt.toISOString()).toBe('2027-03-28T08:00:00.000Z');
    const user = accountAsSessionUser(
      (await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.driver.id)))[0]!,
    );
    const at = (instant: Date): AppContext => ({ ...t.app.context, clock: { now: () => instant } });
    const book = async (weeksLater: number) => {
      const start = new Date(pickupAt.getTime() + weeksLater * 7 * 24 * 3600_000);
      const [row] = await t.db
        .insert(bookings)
        .values(
          bookingRow({ pickupAt: start, dropoffAt: new Date(start.getTime() + 48 * 3600_000) }, { status: 'pending' }),
        )
        .returning();
      return row!.id;
    };
    const dayBefore = (minutes: number) => new Date(pickupAt.getTime() - 24 * 3600_000 + minutes * MINUTE);

    // The wall clock's "same time the day before" (10:00 on the 27th, winter time) is 23 hours before: not free.
    const wallClock = zonedToInstant({ date: '2027-03-27', time: '10:00' }, 'Europe/Paris');
    expect(pickupAt.getTime() - wallClock.getTime()).toBe(23 * 3600_000);

    const early = await book(0);
    expect((await cancellationQuote(at(dayBefore(-1)), user, early)).decision).toBe('now');
    expect(await cancelBooking(at(dayBefore(-1)), user, early, 'en')).toMatchObject({ status: 'cancelled' });

    const late = await book(0);
    expect((await cancellationQuote(at(dayBefore(1)), user, late)).decision).toBe('request');
    expect((await cancellationQuote(at(wallClock), user, late)).decision).toBe('request');
    expect(await cancelBooking(at(dayBefore(1)), user, late, 'en')).toMatchObject({
      status: 'pending',
      cancelRequest: true,
    });
  });

  it('a free cancel commits with its notice and e-mail, or not at all', async () => {
    const [row] = await t.db
      .insert(bookings)
      .values(
        bookingRow(
          { pickupAt: new Date(Date.now() + 40 * 24 * 3600_000), dropoffAt: new Date(Date.now() + 42 * 24 * 3600_000) },
          { status: 'pending' },
        ),
      )
      .returning();
    const id = row!.id;
    await withRefusedInserts(t.db, 'outbox', async () => {
      expect((await cancel(driver, id)).statusCode).toBe(500);
    });
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(still).toMatchObject({ status: 'pending', blocksCar: true });
    const [notes] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.bookingId, id), eq(notifications.kind, 'cancelApproved')));
    expect(notes!.n).toBe(0);
    expect((await cancel(driver, id)).json().status).toBe('cancelled');
  });
});
