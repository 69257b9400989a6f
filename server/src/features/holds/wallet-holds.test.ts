import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD, walletApp } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { insertCar, resetClock, setClock } from '../counter/counter.test-helpers.ts';
import { returnAtTheDesk } from './holds.test-helpers.ts';

// The deposit held by the wallet provider (an order with intent AUTHORIZE, then authorised) and by the demo gateway
// (simulated), against the local wallet server (docs/decisions/0012-deposit-holds.md): captured in part at the close
// with the rest released, or released whole; a replayed check records nothing twice.

const DAY = 24 * 3600_000;

describe('deposit holds on the wallet provider and the demo gateway', () => {
  let app: Awaited<ReturnType<typeof walletApp>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    app = await walletApp();
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: object, headers = app.driver) =>
    app.t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  async function depositBooking(daysAhead: number) {
    const carId = await insertCar(app.t);
    const res = await post('/api/checkout', checkoutBody({ carId, paymentOption: 'deposit' } as never, daysAhead));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bookingId: string; chargedAmount: number };
  }

  it('authorises an AUTHORIZE order, captures the toll from the authorization and releases the rest', async () => {
    const { bookingId, chargedAmount } = await depositBooking(45);
    const order = await post('/api/create-paypal-order/', {
      bookingId,
      amount: chargedAmount / 100,
      currency: 'EUR',
      name: 'Renault Clio',
      description: 'Security deposit',
    });
    const { orderId } = order.json();
    expect(app.fake.orders.get(orderId)!.intent).toBe('AUTHORIZE');
    app.fake.orders.get(orderId)!.status = 'APPROVED';
    for (let i = 0; i < 2; i++) {
      const checked = await post(`/api/check-paypal-order/${bookingId}/${orderId}`);
      expect(checked.json()).toMatchObject({ status: 'deposit', payment: 'paid' });
    }
    const authorizationId = `AUTH${orderId}`;
    const [hold, ...others] = await ledger(bookingId);
    expect(others).toEqual([]);
    expect(hold).toMatchObject({
      kind: 'authorization',
      provider: 'paypal',
      providerReference: authorizationId,
      amount: chargedAmount,
      status: 'succeeded',
    });
    // Nothing was captured at checkout: the order was authorised.
    expect(app.fake.requests.some((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)).toBe(false);

    await returnAtTheDesk(app.t, supplier, bookingId, 45, 4200);
    for (let i = 0; i < 2; i++) {
      const closed = await post(`/api/close-booking/${bookingId}`, undefined, supplier);
      expect(closed.statusCode, closed.body).toBe(i === 0 ? 200 : 409);
    }
    expect(app.fake.authorizations.get(authorizationId)!.status).toBe('CAPTURED');
    const taken = [...app.fake.authCaptures.values()].filter((c) => c.authorizationId === authorizationId);
    expect(taken).toMatchObject([{ amount: { value: '42.00', currency_code: 'EUR' }, final_capture: true }]);
    const rows = await ledger(bookingId);
    expect(rows.find((row) => row.kind === 'capture')).toMatchObject({
      parentId: hold!.id,
      amount: 4200,
      providerReference: taken[0]!.id,
      status: 'succeeded',
    });
    expect(rows.find((row) => row.id === hold!.id)).toMatchObject({
      status: 'released',
      releasedAmount: chargedAmount - 4200,
    });

    // The toll waived after the close: what the hold's capture took is given back from that capture (the ledger keeps
    // the capture's id, which no order names), once.
    const view = await app.t.app.inject({ method: 'GET', url: `/api/counter-booking/${bookingId}`, headers: supplier });
    const tollId = view.json().charges[0]._id;
    expect((await post(`/api/waive-charge/${tollId}`, { reason: 'Wrong car' }, supplier)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refunded = await post(`/api/counter-refund/${bookingId}`, undefined, supplier);
      expect(refunded.statusCode, refunded.body).toBe(i === 0 ? 200 : 409);
    }
    expect([...app.fake.refunds.values()].filter((r) => r.captureId === taken[0]!.id)).toMatchObject([
      { status: 'COMPLETED', amount: { value: '42.00', currency_code: 'EUR' } },
    ]);
  });

  it('the demo card holds the deposit (simulated); the desk is warned before it lapses; no charges release it all', async () => {
    resetClock(app.t);
    const { bookingId, chargedAmount } = await depositBooking(55);
    const paid = await post(`/api/demo-payment/${bookingId}`, GOOD_CARD);
    expect(paid.json()).toMatchObject({ status: 'deposit', payment: 'paid' });
    const [hold] = await ledger(bookingId);
    expect(hold).toMatchObject({ kind: 'authorization', provider: 'demo', amount: chargedAmount, status: 'succeeded' });

    // Five and a half days on, the hold lapses within two days and long before the return: the dashboard says so.
    const dashboard = async () => {
      const query = new URLSearchParams({ from: '2030-01-01', to: '2030-01-02', fresh: 'true' });
      const res = await app.t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers: supplier });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().lapsingDeposits as { bookingId: string; amount: number }[];
    };
    expect((await dashboard()).some((line) => line.bookingId === bookingId)).toBe(false);
    setClock(app.t, new Date(Date.now() + 5.5 * DAY));
    expect((await dashboard()).filter((line) => line.bookingId === bookingId)).toMatchObject([
      { amount: chargedAmount, currency: 'EUR', status: 'deposit' },
    ]);
    const other = await signIn(app.t.db, DEMO_IDS.suppliers.kestrel);
    const theirs = await app.t.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2030-01-01&to=2030-01-02',
      headers: other,
    });
    expect(theirs.json().lapsingDeposits.some((line: { bookingId: string }) => line.bookingId === bookingId)).toBe(
      false,
    );

    await returnAtTheDesk(app.t, supplier, bookingId, 55, 0);
    expect((await post(`/api/close-booking/${bookingId}`, undefined, supplier)).statusCode).toBe(200);
    const rows = await ledger(bookingId);
    expect(rows.some((row) => row.kind === 'capture')).toBe(false);
    expect(rows.find((row) => row.id === hold!.id)).toMatchObject({
      status: 'released',
      releasedAmount: chargedAmount,
    });
  });

  it('an operator cancelling the booking releases its held deposit whole, once', async () => {
    resetClock(app.t);
    const { bookingId, chargedAmount } = await depositBooking(75);
    expect((await post(`/api/demo-payment/${bookingId}`, GOOD_CARD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/cancel-booking/${bookingId}`, {}, supplier);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await ledger(bookingId)).toMatchObject([
      { kind: 'authorization', status: 'released', releasedAmount: chargedAmount },
    ]);
  });
});
