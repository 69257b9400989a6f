import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, refunds } from '#server/db/schema.ts';
import { cardApp, payByCard } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import type { TestApp } from '#test/test-app.ts';

// A change refunding part of a card payment and the driver's free cancel sent at
// the same moment. The cancel works out "the rest" on the locked row, so the two refunds together never exceed what
// was charged, and they equal what the outcome promises: the change made (its difference) and the cancel refunding
// the rest — together the whole payment — or the cancel first, refunding all of it, and the change refused (409).
// Against the local card provider, which itself refuses a refund beyond the charge (as Stripe does).

type Who = { cookie: string };

describe('a change and a cancel at the same moment', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof cardApp>>['fake'];
  let driver: Who;
  beforeAll(async () => {
    app = await cardApp();
    ({ t, fake, driver } = app);
  });
  afterAll(() => app.close());

  const send = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: driver, ...(payload ? { payload } : {}) });

  /** The Clio for 4 days from `daysAhead`, amendments bought, paid in full by card in GBP; its change to 3 days. */
  async function paidBooking(daysAhead: number) {
    const payload = checkoutBody(
      { paymentOption: 'full', currency: 'GBP', extras: { amendments: true }, ...period(daysAhead, 4) } as never,
      daysAhead,
    );
    const { bookingId: id, chargedAmount: charged } = await payByCard(app, payload);
    return {
      id,
      charged,
      change: () => send(`/api/update-booking/${id}`, period(daysAhead, 3)),
      cancel: () => send(`/api/cancel-booking/${id}`),
    };
  }
  const refundsOf = (id: string) => [...fake.refunds.values()].filter((refund) => refund.metadata.bookingId === id);
  const atProvider = (id: string) =>
    fake.requests.some((r) => r.path === '/v1/refunds' && r.form.get('metadata[bookingId]') === id);

  /** Whichever won, the whole payment came back, once, and the database records what the provider made. */
  async function expectRefundedOnce(id: string, charged: number) {
    const made = refundsOf(id);
    expect(made.reduce((sum, refund) => sum + refund.amount, 0)).toBe(charged);
    const recorded = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(recorded.every((row) => row.status === 'succeeded')).toBe(true);
    expect(recorded.map((row) => row.amount).sort()).toEqual(made.map((refund) => refund.amount).sort());
    return made;
  }

  /** `first` sent, held at the provider until `second` is sent too (and has had a moment to run), then both answer. */
  async function heldAtProvider(id: string, first: () => Promise<Response>, second: () => Promise<Response>) {
    let release = () => {};
    fake.control.holdRefunds = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const one = first();
      await expect.poll(() => atProvider(id)).toBe(true);
      const two = second();
      // Not a wait for a state: the test holds either way; this gives `second` its chance to act on a stale read.
      await new Promise((resolve) => setTimeout(resolve, 200));
      fake.control.holdRefunds = null;
      release();
      return await Promise.all([one, two]);
    } finally {
      fake.control.holdRefunds = null;
      release();
    }
  }
  type Response = Awaited<ReturnType<typeof send>>;

  it('a change sent while the cancel is at the provider is refused (409); the cancel refunds all of it, once', async () => {
    const { id, charged, change, cancel } = await paidBooking(20);
    const [cancelled, changed] = await heldAtProvider(id, cancel, change);
    expect([cancelled.statusCode, changed.statusCode], cancelled.body + changed.body).toEqual([200, 409]);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await expectRefundedOnce(id, charged)).toEqual([expect.objectContaining({ amount: charged })]);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking).toMatchObject({ status: 'cancelled', dropoffAt: new Date(period(20, 4).dropoffAt) });
  });

  it('a cancel sent while the change is at the provider waits for it and refunds only the rest', async () => {
    const { id, charged, change, cancel } = await paidBooking(24);
    const [changed, cancelled] = await heldAtProvider(id, change, cancel);
    expect([changed.statusCode, cancelled.statusCode], changed.body + cancelled.body).toEqual([200, 200]);
    expect(cancelled.json().status).toBe('cancelled');
    // The change's difference, then the rest.
    const made = await expectRefundedOnce(id, charged);
    expect(made).toHaveLength(2);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking).toMatchObject({ status: 'cancelled', dropoffAt: new Date(period(24, 3).dropoffAt) });
    expect(made[1]!.amount).toBe(booking!.chargedAmount);
  });

  it('sent at the same moment, both ways round: one refund of all of it, or the difference and the rest', async () => {
    for (const [daysAhead, changeFirst] of [
      [27, true],
      [34, false],
    ] as const) {
      const { id, charged, change, cancel } = await paidBooking(daysAhead);
      const [changed, cancelled] = changeFirst
        ? await Promise.all([change(), cancel()])
        : await Promise.all([cancel(), change()]).then(([c, u]) => [u, c] as const);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      // The change made first, or refused because the cancel was (it was quoted on a booking no longer there).
      expect([200, 409], changed.body).toContain(changed.statusCode);
      const made = await expectRefundedOnce(id, charged);
      expect(made).toHaveLength(changed.statusCode === 200 ? 2 : 1);
      // Asked again: the same answer, nothing refunded twice.
      expect((await cancel()).json().status).toBe('cancelled');
      expect(refundsOf(id)).toHaveLength(made.length);
    }
  });
});
