import { formatMinor } from '@roam/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, invoices, outbox, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, cardWebhook } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { insertCar } from '../counter/counter.test-helpers.ts';

// A cancellation whose terms keep a fee, of a booking whose deposit is only held on the card
// (docs/decisions/0012-deposit-holds.md, "Cancellations"): the fee is captured from the hold at the card provider —
// invoiced as the rental kept — and the rest released; the driver's e-mail says both. Against the local card provider.

describe('a cancellation fee taken from the deposit held', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    app = await cardApp();
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST', url: string, headers: { cookie: string }) =>
    app.t.app.inject({ method, url, headers });

  it('captures the fee from the hold, releases the rest, invoices the fee and tells the driver', async () => {
    // The cancellation extra not included (a price of its own) and not bought: a cancellation keeps a fee.
    const carId = await insertCar(app.t, { deposit: 30000, cancellation: 1500 });
    const booked = await app.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: app.driver,
      payload: checkoutBody({ carId, paymentOption: 'deposit' } as never, 30),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { bookingId, payment } = booked.json();
    app.fake.authorizeSession(app.fake.sessions.get(payment.sessionId)!);
    expect((await cardWebhook(app, payment.sessionId)).statusCode).toBe(200);
    const intentId = payment.sessionId.replace(/^cs_/, 'pi_');
    expect(app.fake.intents.get(intentId)).toMatchObject({ status: 'requires_capture', amount: 30000 });

    // The deposit option without the cancellation extra: not free; the quote names the fee, nothing to refund.
    const quote = await call('GET', `/api/cancellation-quote/${bookingId}`, app.driver);
    expect(quote.statusCode, quote.body).toBe(200);
    const { fee } = quote.json();
    expect(quote.json()).toMatchObject({ decision: 'request', refund: { amount: 0 } });
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(30000);
    expect((await call('POST', `/api/cancel-booking/${bookingId}`, app.driver)).statusCode).toBe(200);
    const approved = await call('POST', `/api/approve-cancellation/${bookingId}`, supplier);
    expect(approved.statusCode, approved.body).toBe(200);

    expect(app.fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: fee });
    const rows = await app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const hold = rows.find((row) => row.kind === 'authorization');
    const capture = rows.find((row) => row.kind === 'capture');
    expect(hold).toMatchObject({ status: 'released', releasedAmount: 30000 - fee });
    expect(capture).toMatchObject({ parentId: hold!.id, purpose: 'rental', amount: fee, status: 'succeeded' });
    const [invoice] = await app.t.db.select().from(invoices).where(eq(invoices.paymentId, capture!.id));
    expect(invoice).toMatchObject({ kind: 'invoice', gross: fee });
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('cancelled');
    const [audit] = await app.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'approveCancellation')));
    expect(audit!.changes).toMatchObject({ keptFromHold: { after: { amount: fee, released: 30000 - fee } } });

    const mails = await app.t.db.select().from(outbox).where(eq(outbox.to, 'driver@roam.localhost'));
    const told = mails.find((mail) => mail.subject.includes('is cancelled') && mail.text.includes(booking!.reference));
    expect(told?.text).toContain(`Cancellation fee: ${formatMinor(fee, 'EUR', 'en')}, taken from the amount held`);
    expect(told?.text).toContain(`(${formatMinor(30000 - fee, 'EUR', 'en')}) is released`);

    // Approved again (a retry): nothing is taken twice.
    await call('POST', `/api/approve-cancellation/${bookingId}`, supplier);
    const again = await app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(again.filter((row) => row.kind === 'capture')).toHaveLength(1);
    expect(app.fake.intents.get(intentId)).toMatchObject({ amount_received: fee });
  });
});
