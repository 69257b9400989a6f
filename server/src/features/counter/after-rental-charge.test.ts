import { formatMinor } from '@roam/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, invoices, notifications, payments, savedCards } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { cardApp, cardWebhook } from '#server/features/payments/payments.test-helpers.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { checkOutBody, insertCar, parisAt, setClock } from './counter.test-helpers.ts';

// Charges after the rental (docs/decisions/0014-charges-after-the-rental.md) against the local card provider: the
// card saved at checkout with the payer's consent (`setup_future_usage=off_session`), the deposit held beside the
// payment in full on it (a second intent, manual capture) and captured at the close, the balance above the hold and a
// toll added after the close charged off-session with their receipts and invoices; a card declined or asking for
// authentication, or none saved, sends the payment link instead.

const DAY = 24 * 3600_000;
const eur = (minor: number) => formatMinor(minor, 'EUR', 'en');

describe('charges after the rental on the card provider', () => {
  let app: Awaited<ReturnType<typeof cardApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await cardApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    supplier = await signIn(app.t.db, DEMO_IDS.users.supplier);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const call = (url: string, payload: object = {}) =>
    app.t.app.inject({ method: 'POST', url, headers: supplier, payload });
  const ledger = (bookingId: string) => app.t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const driverMails = (since: number) => smtp.parsedTo('driver@roam.localhost', since);

  /** A car of its own with a deposit, booked in full by card `daysAhead` days on, paid at the provider. */
  async function paidInFull(daysAhead: number, saveCard: boolean) {
    const carId = await insertCar(app.t, { deposit: 30000 });
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: app.driver,
      payload: checkoutBody({ carId, paymentOption: 'full', saveCard } as never, daysAhead),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, chargedAmount, payment } = res.json();
    app.fake.payInFull(app.fake.sessions.get(payment.sessionId)!);
    return { bookingId: bookingId as string, rental: chargedAmount as number, sessionId: payment.sessionId as string };
  }

  /** Checked out and returned two days later, with a toll of `toll`. */
  async function returned(bookingId: string, daysAhead: number, toll: number) {
    setClock(app.t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call(`/api/check-out/${bookingId}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(app.t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call(`/api/return/${bookingId}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    const charge = await call(`/api/add-charge/${bookingId}`, { kind: 'toll', amount: toll, note: 'A6' });
    expect(charge.statusCode, charge.body).toBe(200);
  }

  it('saves the card, holds the deposit beside the payment, charges what the hold does not cover and a later toll', async () => {
    const { bookingId, rental, sessionId } = await paidInFull(50, true);
    const created = app.fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('metadata[bookingId]') === bookingId,
    )!;
    expect(created.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(created.form.get('customer_creation')).toBe('always');
    expect(created.form.get('payment_intent_data[capture_method]')).toBeNull();
    // The completed session arrives twice: one charge, one hold, one saved card.
    for (let i = 0; i < 2; i++) expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    const rows = await ledger(bookingId);
    expect(rows.map((row) => [row.kind, row.purpose, row.amount]).sort()).toEqual([
      ['authorization', 'deposit', 30000],
      ['charge', 'rental', rental],
    ]);
    const hold = rows.find((row) => row.kind === 'authorization')!;
    const intent = app.fake.intents.get(hold.providerReference!)!;
    const [card] = await app.t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    expect(card).toMatchObject({ provider: 'stripe', customer: intent.customer, paymentMethod: intent.payment_method });
    expect(card!.consentedAt).not.toBeNull();
    expect(intent).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount: 30000 });
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('paid');

    // A toll above the deposit: the hold is captured whole, the 5000 above it charged to the saved card.
    await returned(bookingId, 50, 35000);
    const sent = smtp.received.length;
    const closed = await call(`/api/close-booking/${bookingId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 30000 });
    const offSession = (await ledger(bookingId)).find((row) => row.idempotencyKey === `offsession-close-${bookingId}`)!;
    expect(offSession).toMatchObject({ kind: 'charge', purpose: 'return_charges', amount: 5000, status: 'succeeded' });
    const charged = app.fake.intents.get(offSession.providerReference!)!;
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 5000, customer: card!.customer });
    const offSessionRequest = app.fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.headers['idempotency-key'] === `offsession-close-${bookingId}`,
    )!;
    expect(offSessionRequest.form.get('off_session')).toBe('true');
    expect(offSessionRequest.form.get('confirm')).toBe('true');
    const [invoice] = await app.t.db.select().from(invoices).where(eq(invoices.paymentId, offSession.id));
    expect(invoice).toMatchObject({ kind: 'invoice', gross: 5000 });
    const receipt = (await driverMails(sent)).find((mail) => /saved card/.test(mail.subject ?? ''));
    expect(receipt?.text).toContain(eur(5000));

    // A fine after the close: charged off-session at once, with its own receipt, notice and invoice.
    const before = smtp.received.length;
    const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 4500, note: 'Speeding' });
    expect(fine.statusCode, fine.body).toBe(200);
    const later = (await ledger(bookingId)).filter((row) => row.idempotencyKey.startsWith('offsession-charge-'));
    expect(later.map((row) => [row.amount, row.status])).toEqual([[4500, 'succeeded']]);
    expect(await app.t.db.select().from(invoices).where(eq(invoices.paymentId, later[0]!.id))).toHaveLength(1);
    const mails = await driverMails(before);
    expect(mails.some((mail) => /saved card/.test(mail.subject ?? '') && mail.text?.includes(eur(4500)))).toBe(true);
    const notices = await app.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, 'chargePaid')));
    expect(notices).toHaveLength(2);
    const audited = await app.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'chargeSavedCard')));
    expect(audited).toHaveLength(2);
    // The completed session replayed after all of it: nothing more.
    const settled = await ledger(bookingId);
    expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    expect(await ledger(bookingId)).toEqual(settled);
  });

  for (const refusal of ['card_declined', 'authentication_required'] as const) {
    it(`sends the payment link when the saved card answers ${refusal}`, async () => {
      const { bookingId, sessionId } = await paidInFull(refusal === 'card_declined' ? 60 : 70, true);
      expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
      await returned(bookingId, refusal === 'card_declined' ? 60 : 70, 1000);
      expect((await call(`/api/close-booking/${bookingId}`)).statusCode).toBe(200);
      const before = (await ledger(bookingId)).length;
      app.fake.control.offSessionError = refusal;
      const sent = smtp.received.length;
      try {
        const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 4500, note: 'Parking' });
        expect(fine.statusCode, fine.body).toBe(200);
        expect(fine.json().actions).toContain('sendPaymentLink');
      } finally {
        app.fake.control.offSessionError = null;
      }
      expect(await ledger(bookingId)).toHaveLength(before);
      const mails = await driverMails(sent);
      const link = mails.find((mail) => /balance/i.test(mail.subject ?? ''));
      expect(link?.text).toMatch(/\/manage-booking\?t=[A-Za-z0-9_-]{43}/);
      expect(link?.text).toContain(eur(4500));
      expect(mails.some((mail) => /saved card/.test(mail.subject ?? ''))).toBe(false);
    });
  }

  it('sends the payment link for a charge after the close when no card was saved for it', async () => {
    const { bookingId, sessionId } = await paidInFull(80, false);
    expect((await cardWebhook(app, sessionId)).statusCode).toBe(200);
    // The card kept for the deposit beside the payment only: no consent, no charge after the rental.
    const [card] = await app.t.db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    expect(card).toMatchObject({ provider: 'stripe', consentedAt: null });
    await returned(bookingId, 80, 1000);
    expect((await call(`/api/close-booking/${bookingId}`)).statusCode).toBe(200);
    const requests = app.fake.requests.length;
    const sent = smtp.received.length;
    const fine = await call(`/api/add-charge/${bookingId}`, { kind: 'fine', amount: 2500, note: 'Parking' });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(app.fake.requests.slice(requests).some((r) => r.path === '/v1/payment_intents')).toBe(false);
    const link = (await driverMails(sent)).find((mail) => /balance/i.test(mail.subject ?? ''));
    expect(link?.text).toContain(eur(2500));
  });
});
