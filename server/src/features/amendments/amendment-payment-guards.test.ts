import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingAmendments, bookings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import {
  cardApp,
  cardRefundsOf,
  cardWebhook,
  changeableCardBooking,
  changeableWalletBooking,
  confirmChange as confirm,
  paidAtProvider,
  bookingRow as row,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { period, bookingRow as rowOf } from '#test/booking-fixtures.ts';
import type { TestApp } from '#test/test-app.ts';

// What guards a dearer change's payment besides its period — the booking changed
// meanwhile at the same price is not overwritten; a refund of a change that could not be made holds the change, so a
// confirmation arriving meanwhile cannot apply it as well; the wallet is not captured after the change's window.

type Who = { cookie: string };
const statusOf = async (t: TestApp, amendmentId: string) =>
  (await t.db.select().from(bookingAmendments).where(eq(bookingAmendments.id, amendmentId)))[0]!.status;

describe('a dearer change paid by card, its booking or its days moving meanwhile', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let t: TestApp;
  let driver: Who;
  beforeAll(async () => {
    app = await cardApp();
    ({ t, driver } = app);
  });
  afterAll(() => app.close());
  const check = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/checkout-session/${sessionId}`, headers: driver });

  it('the booking changed meanwhile at the same price (its drop-off place moved): refunded, the move kept', async () => {
    const { id, charged } = await changeableCardBooking(app, 90);
    const { payment, amendmentId, amount } = (await confirm(t, driver, id, period(90, 6))).json();
    // The supplier moves the drop-off to Orly; the total does not change.
    await t.db.update(bookings).set({ dropoffLocationId: DEMO_IDS.locations.parisOrly }).where(eq(bookings.id, id));
    paidAtProvider(app, payment.sessionId);
    expect((await check(payment.sessionId)).json()).toMatchObject({ bookingId: id, payment: 'refund' });
    expect(cardRefundsOf(app, payment.sessionId)).toEqual([expect.objectContaining({ amount: amount.amount })]);
    expect(await row(t, id)).toMatchObject({
      dropoffLocationId: DEMO_IDS.locations.parisOrly,
      dropoffAt: new Date(period(90, 4).dropoffAt),
      chargedAmount: charged,
    });
    expect(await statusOf(t, amendmentId)).toBe('refunded');
  });

  // PostgreSQL only: the test frees the days while the refund waits at the provider, a write PGlite (one connection,
  // one transaction at a time) would hold until the refund's transaction ends.
  it.runIf(Boolean(inject('postgresTemplate')))(
    'a refund under way holds the change: the webhook meanwhile, its days free again, finds it refunded, not applied',
    async () => {
      const { id, charged } = await changeableCardBooking(app, 100);
      const { payment, amendmentId, amount } = (await confirm(t, driver, id, period(100, 7))).json();
      const [blocker] = await t.db
        .insert(bookings)
        .values(rowOf(period(100 + 6, 1), { driverId: DEMO_IDS.users.driver2 }))
        .returning({ id: bookings.id });
      paidAtProvider(app, payment.sessionId);
      const atProvider = () =>
        app.fake.requests.some((r) => r.path === '/v1/refunds' && r.form.get('metadata[bookingId]') === id);
      let release = () => {};
      app.fake.control.holdRefunds = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        // The return check finds the last day taken: the difference's refund goes to the provider, which holds it.
        const checked = check(payment.sessionId);
        await expect.poll(atProvider).toBe(true);
        await t.db.delete(bookings).where(eq(bookings.id, blocker!.id));
        const hooked = cardWebhook(app, payment.sessionId);
        // Not a wait for a state: the test holds either way; this gives the webhook its chance to apply the change.
        await new Promise((resolve) => setTimeout(resolve, 300));
        app.fake.control.holdRefunds = null;
        release();
        const [one, two] = await Promise.all([checked, hooked]);
        expect(one.json()).toMatchObject({ payment: 'refund' });
        expect(two.statusCode).toBe(200);
      } finally {
        app.fake.control.holdRefunds = null;
        release();
      }
      expect(cardRefundsOf(app, payment.sessionId)).toEqual([expect.objectContaining({ amount: amount.amount })]);
      expect(await row(t, id)).toMatchObject({ chargedAmount: charged, dropoffAt: new Date(period(100, 4).dropoffAt) });
      expect(await statusOf(t, amendmentId)).toBe('refunded');
    },
  );
});

describe("a dearer change paid by the wallet after the change's window", () => {
  it('is not captured: 409, nothing taken, the booking as it was', async () => {
    const wallet = await walletApp();
    try {
      const { bookingId: id } = await changeableWalletBooking(wallet, 40);
      const before = await row(wallet.t, id);
      const { amendmentId } = (await confirm(wallet.t, wallet.driver, id, period(40, 6))).json();
      const { orderId } = (
        await wallet.t.app.inject({
          method: 'POST',
          url: `/api/amendment-paypal-order/${id}/${amendmentId}`,
          headers: wallet.driver,
        })
      ).json();
      // Approved by the payer at the wallet, checked after the window closed (the sweep not run yet).
      wallet.fake.orders.get(orderId)!.status = 'APPROVED';
      await wallet.t.db
        .update(bookingAmendments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookingAmendments.id, amendmentId));
      const late = await wallet.t.app.inject({
        method: 'POST',
        url: `/api/check-amendment-paypal-order/${id}/${amendmentId}/${orderId}`,
        headers: wallet.driver,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This change waited too long for its payment. Ask for it again.');
      expect(wallet.fake.orders.get(orderId)!.status).toBe('APPROVED');
      expect(await row(wallet.t, id)).toMatchObject({
        dropoffAt: before.dropoffAt,
        chargedAmount: before.chargedAmount,
      });
    } finally {
      await wallet.close();
    }
  });
});
