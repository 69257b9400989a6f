import type { Reconciliation } from '@roam/contract/reconciliation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents, payments } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { returnAtTheDesk } from '#server/features/holds/holds.test-helpers.ts';
import {
  changeableWalletBooking,
  confirmChange,
  GOOD_CARD,
  walletApp,
} from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { insertCar, resetClock } from '../counter/counter.test-helpers.ts';

// The money that only a gateway's answer confirms (docs/decisions/0015-reconciliation.md): the wallet and the demo
// gateway send Roam no webhook, so a capture from their deposit holds and a change's difference paid by the wallet
// are confirmed by the answer stored with the payment — each reconciles `matched`, never `unconfirmed` after the grace.

const DAY_MS = 86_400_000;
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe('reconciliation of what the wallet and the demo gateway answered', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  let admin: { cookie: string };
  let supplier: { cookie: string };
  beforeAll(async () => {
    app = await walletApp();
    admin = await signIn(app.t.db, DEMO_ACCOUNTS.admin.id);
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: object, headers = app.driver) =>
    app.t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  /** The admin's report of the days around today, read two hours on: past the grace, nothing is pending. */
  async function afterGrace(gateway: 'paypal' | 'demo'): Promise<Reconciliation> {
    app.t.app.context.clock = { now: () => new Date(Date.now() + 2 * 3_600_000) };
    try {
      const url = `/api/reconciliation?gateway=${gateway}&from=${dayAt(-1)}&to=${dayAt(1)}&size=100`;
      const res = await app.t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    } finally {
      resetClock(app.t);
    }
  }
  const mismatchesOf = (body: Reconciliation, bookingId: string) =>
    body.mismatches.items.filter((item) => item.bookingId === bookingId);
  const matched = (body: Reconciliation) => body.days.reduce((sum, day) => sum + day.matched.amount, 0);

  /** A car with a deposit, booked with the deposit option: what the checkout holds. */
  async function depositBooking(daysAhead: number) {
    const carId = await insertCar(app.t);
    const res = await post('/api/checkout', checkoutBody({ carId, paymentOption: 'deposit' } as never, daysAhead));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bookingId: string; chargedAmount: number };
  }

  /** The capture taken from the booking's hold at the close, once it was returned with a toll of `toll`. */
  async function closedWithToll(bookingId: string, daysAhead: number, toll: number) {
    await returnAtTheDesk(app.t, supplier, bookingId, daysAhead, toll);
    const closed = await post(`/api/close-booking/${bookingId}`, undefined, supplier);
    expect(closed.statusCode, closed.body).toBe(200);
    resetClock(app.t);
    const [capture] = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'capture')));
    expect(capture).toMatchObject({ amount: toll, status: 'succeeded' });
    return capture!;
  }

  it('a wallet hold captured at the close is confirmed by the capture the wallet answered', async () => {
    const { bookingId, chargedAmount } = await depositBooking(46);
    const order = await post('/api/create-paypal-order/', {
      bookingId,
      amount: chargedAmount / 100,
      currency: 'EUR',
      name: 'Renault Clio',
      description: 'Security deposit',
    });
    const { orderId } = order.json();
    app.fake.orders.get(orderId)!.status = 'APPROVED';
    expect((await post(`/api/check-paypal-order/${bookingId}/${orderId}`)).json()).toMatchObject({ status: 'deposit' });
    const before = matched(await afterGrace('paypal'));
    const capture = await closedWithToll(bookingId, 46, 4200);
    const stored = await app.t.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.objectId, capture.providerReference!));
    expect(stored).toMatchObject([
      { gateway: 'paypal', movement: 'payment', amount: 4200, bookingId, status: 'COMPLETED' },
    ]);
    const body = await afterGrace('paypal');
    expect(mismatchesOf(body, bookingId)).toEqual([]);
    expect(matched(body)).toBe(before + 4200);
  });

  it('a demo hold captured at the close is confirmed by the demo gateway, once', async () => {
    const { bookingId } = await depositBooking(56);
    expect((await post(`/api/demo-payment/${bookingId}`, GOOD_CARD)).json()).toMatchObject({ status: 'deposit' });
    const before = matched(await afterGrace('demo'));
    const capture = await closedWithToll(bookingId, 56, 3100);
    // The close asked again finds the booking closed: nothing stored twice.
    expect((await post(`/api/close-booking/${bookingId}`, undefined, supplier)).statusCode).toBe(409);
    resetClock(app.t);
    const stored = await app.t.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.objectId, capture.providerReference!));
    expect(stored).toMatchObject([{ gateway: 'demo', movement: 'payment', amount: 3100, bookingId }]);
    const body = await afterGrace('demo');
    expect(mismatchesOf(body, bookingId)).toEqual([]);
    expect(matched(body)).toBe(before + 3100);
  });

  it('a change’s difference paid by a wallet order of its own is confirmed by that order', async () => {
    const { t, driver, fake } = app;
    const { bookingId } = await changeableWalletBooking(app, 36);
    const confirmed = await confirmChange(t, driver, bookingId, period(36, 6));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { amendmentId, amount } = confirmed.json();
    const order = await post(`/api/amendment-paypal-order/${bookingId}/${amendmentId}`);
    const { orderId } = order.json();
    fake.orders.get(orderId)!.status = 'APPROVED';
    for (let i = 0; i < 2; i++) {
      const checked = await post(`/api/check-amendment-paypal-order/${bookingId}/${amendmentId}/${orderId}`);
      expect(checked.json()).toMatchObject({ bookingId, payment: 'paid' });
    }
    const stored = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.objectId, orderId));
    expect(stored).toMatchObject([{ gateway: 'paypal', movement: 'payment', amount: amount.amount, bookingId }]);
    const body = await afterGrace('paypal');
    expect(mismatchesOf(body, bookingId)).toEqual([]);
  });
});
