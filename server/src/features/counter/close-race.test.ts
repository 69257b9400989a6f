import { COUNTER_MESSAGES } from '@roam/contract/counter';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, cardWebhook } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { checkOutBody, insertCar, parisAt, setClock } from './counter.test-helpers.ts';

// The close's charge to the saved card and a desk payment at once (docs/decisions/0014-charges-after-the-rental.md):
// what the return owes above the hold is decided on the booking's locked row and written there as a pending charge,
// so a desk payment taken while the card provider is asked finds it being taken — the balance is never paid twice.
// Run on PostgreSQL too (vitest project server-pg), where the two requests run on their own connections.

const DAY = 24 * 3600_000;

describe('the close charging the saved card while the desk takes a payment', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    app = await cardApp();
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => app.close());

  const call = (url: string, payload: object = {}) =>
    app.t.app.inject({ method: 'POST', url, headers: supplier, payload });
  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

  /** A car with a deposit of `deposit`, booked in full by card with the card saved, out and back with a toll. */
  async function returnedWithToll(daysAhead: number, deposit: number, toll: number) {
    setClock(app.t, new Date());
    const carId = await insertCar(app.t, { deposit });
    const booked = await app.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: app.driver,
      payload: checkoutBody({ carId, paymentOption: 'full', saveCard: true } as never, daysAhead),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { bookingId, payment, chargedAmount } = booked.json();
    app.fake.payInFull(app.fake.sessions.get(payment.sessionId)!);
    expect((await cardWebhook(app, payment.sessionId)).statusCode).toBe(200);
    setClock(app.t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call(`/api/check-out/${bookingId}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(app.t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call(`/api/return/${bookingId}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    const added = await call(`/api/add-charge/${bookingId}`, { kind: 'toll', amount: toll, note: 'A6' });
    expect(added.statusCode, added.body).toBe(200);
    return { bookingId: bookingId as string, rental: chargedAmount as number };
  }

  it('the desk payment made while the provider is asked is refused; one charge, nothing paid twice', async () => {
    // A toll above the 300.00 held: the hold is captured whole, 50.00 is left for the saved card.
    const { bookingId, rental } = await returnedWithToll(40, 30000, 35000);
    // While the card provider is asked for the 50.00, an operator at the desk takes 50.00 in cash.
    let desk: Awaited<ReturnType<typeof call>> | undefined;
    app.fake.control.whileCreatingIntent = async () => {
      app.fake.control.whileCreatingIntent = null;
      desk = await call(`/api/counter-payment/${bookingId}`, { key: 'race-cash-01', method: 'cash', amount: 5000 });
    };
    try {
      const closed = await call(`/api/close-booking/${bookingId}`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().status).toBe('closed');
    } finally {
      app.fake.control.whileCreatingIntent = null;
    }
    expect(desk?.statusCode, desk?.body).toBe(409);
    expect(desk?.json().message).toBe(COUNTER_MESSAGES.chargeUnderWay);

    const rows = await ledger(bookingId);
    const taken = rows.filter((row) => row.status === 'succeeded' && row.kind !== 'authorization');
    expect(taken.map((row) => [row.kind, row.purpose, row.amount]).sort()).toEqual([
      ['capture', 'return_charges', 30000],
      ['charge', 'rental', rental],
      ['charge', 'return_charges', 5000],
    ]);
    expect(rows.some((row) => row.status === 'pending')).toBe(false);
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('closed');
  });

  it('a charge decided before a restart is asked again under its key and finished once, invoiced', async () => {
    const { bookingId } = await returnedWithToll(42, 10000, 14000);
    // The close decided the 40.00 above the hold, then the server stopped before the provider was asked.
    const key = `offsession-close-${bookingId}`;
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await app.t.db.insert(payments).values({
      bookingId,
      supplierId: booking!.supplierId,
      kind: 'charge',
      purpose: 'return_charges',
      provider: 'stripe',
      idempotencyKey: key,
      amount: 4000,
      currency: booking!.currency,
      status: 'pending',
    });
    const closed = await call(`/api/close-booking/${bookingId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    const charged = (await ledger(bookingId)).filter((row) => row.idempotencyKey === key);
    expect(charged).toMatchObject([{ kind: 'charge', amount: 4000, status: 'succeeded' }]);
    expect(app.fake.intents.get(charged[0]!.providerReference!)).toMatchObject({ amount_received: 4000 });
    const asked = app.fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.headers['idempotency-key'] === key,
    );
    expect(asked).toHaveLength(1);
    expect(await app.t.db.select().from(invoices).where(eq(invoices.paymentId, charged[0]!.id))).toHaveLength(1);
  });

  it('a card that refuses leaves the balance due at the desk again, and nothing pending', async () => {
    const { bookingId } = await returnedWithToll(45, 10000, 12000);
    app.fake.control.offSessionError = 'card_declined';
    try {
      // The close cannot settle what the card refused: 409, the 20.00 due again, taken at the desk.
      expect((await call(`/api/close-booking/${bookingId}`)).statusCode).toBe(409);
    } finally {
      app.fake.control.offSessionError = null;
    }
    expect((await ledger(bookingId)).some((row) => row.status === 'pending')).toBe(false);
    const cash = await call(`/api/counter-payment/${bookingId}`, {
      key: 'after-decline',
      method: 'cash',
      amount: 2000,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await call(`/api/close-booking/${bookingId}`)).statusCode).toBe(200);
    setClock(app.t, new Date());
  });
});
