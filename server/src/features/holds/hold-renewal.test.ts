import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, cardWebhook } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { insertCar, setClock } from '../counter/counter.test-helpers.ts';
import { renewLapsingHolds } from './hold-renewal.service.ts';

// A card hold that would lapse (7 days) before the return (docs/decisions/0012-deposit-holds.md): authorised again
// off-session on the card the payer saved, once, the old one released; declined, it stays and the desk is warned.

const DAY = 24 * 3600_000;

describe('renewing a deposit hold before it lapses', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  beforeAll(async () => {
    app = await cardApp();
  });
  afterAll(() => app.close());

  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  /** A three-week deposit-option rental 30 days on, its deposit held on a card saved at the provider. */
  async function heldOnSavedCard(daysAhead: number) {
    const carId = await insertCar(app.t);
    const body = checkoutBody({ carId, paymentOption: 'deposit' } as never, daysAhead);
    const dropoffAt = new Date(new Date(body.pickupAt as string).getTime() + 21 * DAY).toISOString();
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: app.driver,
      payload: { ...body, dropoffAt },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, payment } = res.json();
    // The payer kept the card for later charges (the provider holds it: a customer and a payment method).
    app.fake.savedCards.set(payment.sessionId, { customer: `cus_${daysAhead}`, payment_method: `pm_${daysAhead}` });
    app.fake.authorizeSession(app.fake.sessions.get(payment.sessionId)!);
    expect((await cardWebhook(app, payment.sessionId)).statusCode).toBe(200);
    return { bookingId: bookingId as string, intentId: (payment.sessionId as string).replace(/^cs_/, 'pi_') };
  }

  it('authorises again on the saved card two days before the lapse, once, and releases the old hold', async () => {
    const { bookingId, intentId } = await heldOnSavedCard(2);
    const [old] = await ledger(bookingId);
    // Not yet: the hold lapses in 7 days.
    expect(await renewLapsingHolds(app.t.app.context)).toBe(0);
    setClock(app.t, new Date(old!.expiresAt!.getTime() - 1.5 * DAY));
    expect(await renewLapsingHolds(app.t.app.context)).toBe(1);
    expect(await renewLapsingHolds(app.t.app.context)).toBe(0);
    const rows = await ledger(bookingId);
    expect(rows).toHaveLength(2);
    const renewed = rows.find((row) => row.id !== old!.id)!;
    expect(renewed).toMatchObject({ kind: 'authorization', status: 'succeeded', amount: old!.amount });
    expect(renewed.providerReference).not.toBe(intentId);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(old!.expiresAt!.getTime());
    expect(rows.find((row) => row.id === old!.id)).toMatchObject({ status: 'released' });
    expect(app.fake.intents.get(intentId)!.status).toBe('canceled');
    expect(app.fake.intents.get(renewed.providerReference!)).toMatchObject({
      status: 'requires_capture',
      customer: 'cus_2',
      payment_method: 'pm_2',
    });
    const asked = app.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(
      asked.map((r) => [r.form.get('off_session'), r.form.get('capture_method'), r.headers['idempotency-key']]),
    ).toEqual([['true', 'manual', `reauthorize-${old!.id}`]]);
  });

  it('a declined renewal keeps the hold; the dashboard warns about it', async () => {
    app.t.app.context.clock = { now: () => new Date() };
    const { bookingId } = await heldOnSavedCard(3);
    const [old] = await ledger(bookingId);
    app.fake.control.declineOffSession = true;
    setClock(app.t, new Date(old!.expiresAt!.getTime() - 1.5 * DAY));
    expect(await renewLapsingHolds(app.t.app.context)).toBe(0);
    app.fake.control.declineOffSession = false;
    expect(await ledger(bookingId)).toMatchObject([{ id: old!.id, status: 'succeeded' }]);
    const supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
    const res = await app.t.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2030-01-01&to=2030-01-02&fresh=true',
      headers: supplier,
    });
    expect(res.json().lapsingDeposits.map((line: { bookingId: string }) => line.bookingId)).toContain(bookingId);
  });
});
