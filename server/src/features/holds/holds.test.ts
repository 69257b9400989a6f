import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, cardWebhook } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { withRefusedInserts } from '#test/refused-inserts.ts';
import { signIn } from '#test/sign-in.ts';
import { insertCar } from '../counter/counter.test-helpers.ts';
import { returnAtTheDesk } from './holds.test-helpers.ts';

// The security deposit held on the card, not charged (docs/decisions/0012-deposit-holds.md), against the local card
// provider: the deposit option's session authorises (manual capture); at the close the charges at return are
// captured from the hold and the rest released; webhooks replayed and out of order change nothing twice; a restart
// between the provider's answer and our write finishes the same capture once.

const DAY = 24 * 3600_000;

describe('deposit holds on the card provider', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    app = await cardApp();
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = supplier) =>
    app.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  /** The signed `payment_intent.canceled` event of intent `id` as the provider has it now. */
  const intentCanceled = (id: string) => {
    const payload = JSON.stringify({
      id: `evt_cancel_${id}`,
      object: 'event',
      type: 'payment_intent.canceled',
      data: { object: app.fake.intents.get(id) },
    });
    return app.t.app.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
      },
      payload,
    });
  };

  /** A deposit-option booking of a car of its own, `daysAhead` days on, its deposit authorised at the provider. */
  async function heldBooking(daysAhead: number) {
    const carId = await insertCar(app.t);
    const res = await call(
      'POST',
      '/api/checkout',
      checkoutBody({ carId, paymentOption: 'deposit' } as never, daysAhead),
      app.driver,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount, payment } = res.json();
    const created = app.fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('metadata[bookingId]') === bookingId,
    );
    expect(created!.form.get('payment_intent_data[capture_method]')).toBe('manual');
    app.fake.authorizeSession(app.fake.sessions.get(payment.sessionId)!);
    return { bookingId: bookingId as string, deposit: chargedAmount as number, sessionId: payment.sessionId as string };
  }

  const returnedWithToll = (bookingId: string, daysAhead: number, toll: number) =>
    returnAtTheDesk(app.t, supplier, bookingId, daysAhead, toll);

  it('authorises the deposit, captures the toll from it at the close and releases the rest; replays change nothing', async () => {
    const { bookingId, deposit, sessionId } = await heldBooking(40);
    // The completed session arrives twice: one hold, no charge, no invoice (a hold is not a sale).
    for (let i = 0; i < 2; i++) expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    const intentId = sessionId.replace(/^cs_/, 'pi_');
    const [hold, ...others] = await ledger(bookingId);
    expect(others).toEqual([]);
    expect(hold).toMatchObject({
      kind: 'authorization',
      purpose: 'deposit',
      provider: 'stripe',
      providerReference: intentId,
      status: 'succeeded',
      amount: deposit,
    });
    expect(hold!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('deposit');
    expect(await app.t.db.select().from(invoices).where(eq(invoices.bookingId, bookingId))).toEqual([]);

    await returnedWithToll(bookingId, 40, 2000);
    const closed = await call('POST', `/api/close-booking/${bookingId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    // At the provider: 2000 captured, the rest released with it (a partial capture ends the intent).
    expect(app.fake.intents.get(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: 2000,
      amount_capturable: 0,
    });
    const rows = await ledger(bookingId);
    const capture = rows.find((row) => row.kind === 'capture')!;
    expect(capture).toMatchObject({ parentId: hold!.id, amount: 2000, purpose: 'return_charges', status: 'succeeded' });
    expect(rows.find((row) => row.id === hold!.id)).toMatchObject({
      status: 'released',
      releasedAmount: deposit - 2000,
    });
    const [invoice, ...more] = await app.t.db.select().from(invoices).where(eq(invoices.paymentId, capture.id));
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'invoice', gross: 2000 });

    // Replayed and late events: the session again, and the intent's end (ours, then one claiming a lapse).
    expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    expect((await intentCanceled(intentId)).statusCode).toBe(200);
    app.fake.intents.get(intentId)!.cancellation_reason = 'automatic';
    expect((await intentCanceled(intentId)).statusCode).toBe(200);
    expect(await ledger(bookingId)).toEqual(rows);
    expect(app.fake.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
  });

  it('a restart between the capture at the provider and its record finishes it once', async () => {
    const { bookingId, deposit, sessionId } = await heldBooking(50);
    expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    await returnedWithToll(bookingId, 50, 3500);
    const intentId = sessionId.replace(/^cs_/, 'pi_');
    // The capture is made at the provider, then the process dies before its transaction commits.
    await withRefusedInserts(app.t.db, 'invoices', async () => {
      expect((await call('POST', `/api/close-booking/${bookingId}`)).statusCode).toBe(500);
    });
    expect(app.fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 3500 });
    const pending = (await ledger(bookingId)).find((row) => row.kind === 'capture')!;
    expect(pending).toMatchObject({ status: 'pending', amount: 3500 });
    // Another server on the same database (the restarted process) closes it: the same capture, asked again under
    // its key, answered with the first; recorded once, invoiced once.
    const restarted = await app.t.sibling();
    const closed = await restarted.inject({
      method: 'POST',
      url: `/api/close-booking/${bookingId}`,
      headers: supplier,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const captures = app.fake.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/capture`);
    expect(captures).toHaveLength(2);
    expect(new Set(captures.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`capture-${pending.parentId}`]),
    );
    expect(app.fake.intents.get(intentId)!.amount_received).toBe(3500);
    const rows = await ledger(bookingId);
    expect(rows.filter((row) => row.kind === 'capture')).toMatchObject([{ id: pending.id, status: 'succeeded' }]);
    expect(rows.find((row) => row.kind === 'authorization')).toMatchObject({
      status: 'released',
      releasedAmount: deposit - 3500,
    });
    expect(
      await app.t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.bookingId, bookingId), eq(invoices.paymentId, pending.id))),
    ).toHaveLength(1);
  });

  it('a lapse at the provider marks an open hold expired, once; no charges releases the whole hold at the close', async () => {
    const lapsing = await heldBooking(60);
    expect((await cardWebhook(app, lapsing.sessionId)).statusCode).toBe(200);
    const lapsedId = lapsing.sessionId.replace(/^cs_/, 'pi_');
    app.fake.expireIntent(lapsedId);
    for (let i = 0; i < 2; i++) expect((await intentCanceled(lapsedId)).statusCode).toBe(200);
    const [expired] = await ledger(lapsing.bookingId);
    expect(expired).toMatchObject({ kind: 'authorization', status: 'expired' });
    const settledAt = expired!.settledAt;
    // The completed session replayed after the lapse: the booking is confirmed already, nothing is recorded again.
    expect((await cardWebhook(app, lapsing.sessionId)).statusCode).toBe(200);
    expect(await ledger(lapsing.bookingId)).toMatchObject([{ status: 'expired', settledAt }]);

    const clean = await heldBooking(70);
    expect((await cardWebhook(app, clean.sessionId)).statusCode).toBe(200);
    await returnedWithToll(clean.bookingId, 70, 0);
    expect((await call('POST', `/api/close-booking/${clean.bookingId}`)).statusCode).toBe(200);
    const cleanId = clean.sessionId.replace(/^cs_/, 'pi_');
    expect(app.fake.intents.get(cleanId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    const rows = await ledger(clean.bookingId);
    expect(rows.find((row) => row.kind === 'authorization')).toMatchObject({
      status: 'released',
      releasedAmount: clean.deposit,
    });
    expect(rows.some((row) => row.kind === 'capture')).toBe(false);
  });
});
