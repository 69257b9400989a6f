import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, period } from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { bookings, refunds } from '../../db/schema.ts';
import { cardApp, payByCard } from '../payments/test-helpers.ts';

// Issue #25 item 2 (s15 hardening): a change refunding part of a card payment and the driver's free cancel sent at
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

  it.each([
    ['change sent first', 20, true],
    ['cancel sent first', 27, false],
    ['change sent first again', 34, true],
  ] as const)('%s: the refunds add up to what was charged, never more', async (_name, daysAhead, changeFirst) => {
    const payload = checkoutBody(
      { paymentOption: 'full', currency: 'GBP', extras: { amendments: true }, ...period(daysAhead, 4) } as never,
      daysAhead,
    );
    const { bookingId: id, chargedAmount: charged } = await payByCard(app, payload);
    const shorter = period(daysAhead, 3);
    const changeCall = () => send(`/api/update-booking/${id}`, shorter);
    const cancelCall = () => send(`/api/cancel-booking/${id}`);
    const [changed, cancelled] = changeFirst
      ? await Promise.all([changeCall(), cancelCall()])
      : await Promise.all([cancelCall(), changeCall()]).then(([c, u]) => [u, c] as const);

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect([200, 409], changed.body).toContain(changed.statusCode);
    const made = [...fake.refunds.values()].filter((refund) => refund.metadata.bookingId === id);
    const total = made.reduce((sum, refund) => sum + refund.amount, 0);
    // Whichever won, the whole payment comes back once: a cancel of a Clio (cancellation included) weeks ahead is free.
    expect(total).toBe(charged);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking!.status).toBe('cancelled');
    if (changed.statusCode === 200) {
      // The change's difference, then the rest: two refunds.
      expect(made).toHaveLength(2);
      expect(booking!.chargedAmount).toBe(booking!.totalAmount);
    } else {
      expect(made).toEqual([expect.objectContaining({ amount: charged })]);
      expect(booking!.dropoffAt).toEqual(new Date(period(daysAhead, 4).dropoffAt));
    }
    // What the database records matches what the provider made.
    const recorded = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(recorded.every((row) => row.status === 'succeeded')).toBe(true);
    expect(recorded.map((row) => row.amount).sort()).toEqual(made.map((refund) => refund.amount).sort());
    // Asked again: the same answer, nothing refunded twice.
    expect((await cancelCall()).json().status).toBe('cancelled');
    expect([...fake.refunds.values()].filter((refund) => refund.metadata.bookingId === id)).toHaveLength(made.length);
  });
});
