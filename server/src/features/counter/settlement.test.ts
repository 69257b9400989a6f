import { createHash } from 'node:crypto';
import type { CounterBooking } from '@roam/contract/counter.schema';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, invoices, payments, refunds, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { paymentRow } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// The settlement (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): the balance from the
// ledger (a payment online, part of it refunded) and the charges not waived; money taken at the desk once per key and
// never beyond the balance; the rental closed only at 0, its customer e-mailed the final receipt and the condition
// report in their language. A no-show's fee is due and taken the same way; a no-show is not closed.

const DAY = 24 * 3600_000;

describe('settlement', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = supplier) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

  /** A rental paid online (15000), on rent, then returned with no readings' charges. */
  async function returnedRental(daysAhead: number) {
    const id = await insertRental(t, daysAhead, 2, {
      carId: await insertCar(t),
      totalAmount: 15000,
      price: 15000,
      status: 'paid',
      paymentOption: 'full',
      payNow: 15000,
      chargedAmount: 15000,
      paymentProvider: 'demo',
      paymentReference: `demo_settle_${daysAhead}`,
      paidAt: new Date(),
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const [payment] = await t.db.insert(payments).values(paymentRow(row!)).returning();
    setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call('POST', `/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call('POST', `/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    return { id, paymentId: payment!.id };
  }

  it('balances against the ledger, takes money once per key up to the balance, closes at 0 with its PDFs and invoices', async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, DEMO_IDS.users.driver));
    const { id, paymentId } = await returnedRental(30);
    // A partial refund of the online payment (a cheaper change's, say): paid is what the ledger kept.
    await t.db.insert(refunds).values({
      bookingId: id,
      key: `partial-${id}`,
      provider: 'demo',
      amount: 1000,
      currency: 'EUR',
      status: 'succeeded',
      paymentId,
    });
    expect((await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 2000, note: 'A6' })).statusCode).toBe(
      200,
    );
    const fine = await call('POST', `/api/add-charge/${id}`, { kind: 'fine', amount: 3000, note: 'Parking' });
    const fineId = (fine.json() as CounterBooking).charges.find((charge) => charge.kind === 'fine')!._id;
    const waived = await call('POST', `/api/waive-charge/${fineId}`, { reason: 'Goodwill' });
    const view: CounterBooking = waived.json();
    // 15000 + 2000 (the fine waived) − (15000 − 1000) = 3000 due.
    expect(view.balance).toEqual({
      currency: 'EUR',
      total: 15000,
      charges: 2000,
      paid: 14000,
      held: 0,
      due: 3000,
      excess: 0,
      atDesk: 0,
    });
    expect(view.actions).toContain('recordPayment');
    expect(view.actions).not.toContain('close');

    // More than the balance: refused at the field, nothing recorded.
    const over = await call('POST', `/api/counter-payment/${id}`, { key: 'over-00001', method: 'cash', amount: 3001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({ amount: ['The amount is more than the balance due (30 €).'] });

    // Who may: not the accountant (no `counter`), not another business (404).
    const accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    const body = { key: 'cash-000001', method: 'cash', amount: 1000 };
    expect((await call('POST', `/api/counter-payment/${id}`, body, accountant)).statusCode).toBe(403);
    expect((await call('POST', `/api/counter-payment/${id}`, body, kestrel)).statusCode).toBe(404);

    // The same payment twice (a double click): one payment.
    const first = await call('POST', `/api/counter-payment/${id}`, body);
    const again = await call('POST', `/api/counter-payment/${id}`, body);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect((again.json() as CounterBooking).balance?.due).toBe(2000);
    const counterRows = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.kind, 'counter')));
    expect(counterRows).toMatchObject([{ amount: 1000, method: 'cash', provider: 'counter', status: 'succeeded' }]);

    // Not closed while 20 € are open: the refusal names the balance.
    const early = await call('POST', `/api/close-booking/${id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The balance is not settled yet: 20 €.');

    // The counter agent takes the rest on the card terminal; now it closes.
    const agent = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const rest = await call(
      'POST',
      `/api/counter-payment/${id}`,
      { key: 'card-000001', method: 'card_terminal', amount: 2000, reference: 'slip 42' },
      agent,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as CounterBooking).balance).toMatchObject({ paid: 17000, due: 0, excess: 0 });
    expect((rest.json() as CounterBooking).actions).toContain('close');
    const [byAgent] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `counter-${id}-card-000001`));
    expect(byAgent).toMatchObject({ recordedBy: DEMO_ACCOUNTS.counter.id, providerReference: 'slip 42' });
    // Nothing is due any more: a further payment is refused.
    expect(
      (await call('POST', `/api/counter-payment/${id}`, { key: 'cash-000002', method: 'cash', amount: 1 })).statusCode,
    ).toBe(409);

    const sent = smtp.received.length;
    const closed = await call('POST', `/api/close-booking/${id}?language=fr`);
    expect(closed.statusCode, closed.body).toBe(200);
    const after: CounterBooking = closed.json();
    expect(after.status).toBe('closed');
    expect(after.timeline.map((entry) => entry.step)).toEqual(['booked', 'onRent', 'returned', 'closed']);
    expect((await call('POST', `/api/close-booking/${id}`)).statusCode).toBe(409);

    const mail = smtp.received.slice(sent).find((m) => m.to.includes('driver@roam.localhost'));
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toContain('est clôturée');
    // The final receipt, the condition report, and the booking's invoices (its two desk payments'), by number.
    const issued = await t.db.select().from(invoices).where(eq(invoices.bookingId, id));
    expect(issued.map((row) => row.gross).sort()).toEqual([1000, 2000]);
    expect(parsed.attachments).toHaveLength(2 + issued.length);
    const invoiceFiles = issued.map((row) => `${row.number}.pdf`);
    expect(parsed.attachments.map((file) => file.filename)).toEqual(expect.arrayContaining(invoiceFiles));
    const receiptDoc = after.documents.find((doc) => doc.kind === 'receipt')!;
    const reportDoc = after.documents.find((doc) => doc.kind === 'condition_report')!;
    const hashes = parsed.attachments
      .filter((file) => !invoiceFiles.includes(file.filename ?? ''))
      .map((file) => createHash('sha256').update(file.content).digest('hex'));
    expect(hashes.sort()).toEqual([receiptDoc.sha256, reportDoc.sha256].sort());
    const attached = (sha: string) =>
      parsed.attachments.find((file) => createHash('sha256').update(file.content).digest('hex') === sha)!.content;
    const receipt = await pdfText(attached(receiptDoc.sha256));
    for (const words of [
      'Reçu final',
      'Péage (A6): 20 €',
      'non facturé, annulés : Goodwill',
      'payé en ligne: 150 €',
      'Remboursé: −10 €',
      'espèces au comptoir: 10 €',
      'terminal de paiement au comptoir: 20 €',
      'Total: 170 €',
      'Solde: 0 €',
    ]) {
      expect(receipt).toContain(words);
    }
    expect(await pdfText(attached(reportDoc.sha256))).toContain('État des lieux');

    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.filter((entry) => ['counterPayment', 'close'].includes(entry.action)).length).toBe(3);
  });

  it('owes a no-show its fee: due on the balance, taken at the desk; a no-show is not closed', async () => {
    await call('PUT', '/api/update-counter-settings', {
      supplierId: DEMO_IDS.suppliers.azurCoast,
      noShowRule: 'fee',
      noShowFee: 4000,
      noShowGraceMinutes: 60,
    });
    const id = await insertRental(t, 40, 2, { carId: await insertCar(t) });
    setClock(t, new Date(parisAt(40).getTime() + 61 * 60_000));
    const noShow = await call('POST', `/api/no-show/${id}`, {});
    expect(noShow.statusCode, noShow.body).toBe(200);
    const view: CounterBooking = noShow.json().booking;
    expect(view.balance).toMatchObject({ total: 0, charges: 4000, paid: 0, due: 4000 });
    expect(view.actions).toContain('recordPayment');
    const paid = await call('POST', `/api/counter-payment/${id}`, { key: 'noshow-0001', method: 'cash', amount: 4000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as CounterBooking).balance).toMatchObject({ paid: 4000, due: 0 });
    expect((paid.json() as CounterBooking).actions).not.toContain('close');
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(payment).toMatchObject({ purpose: 'no_show', kind: 'counter', amount: 4000 });
    expect((await call('POST', `/api/close-booking/${id}`)).json().message).toBe(
      'Only a returned booking can be closed.',
    );
  });

  it('refunds what was paid beyond the balance against the online payment, then closes', async () => {
    const { id, paymentId } = await returnedRental(50);
    const toll = await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 2000, note: 'A7' });
    const tollId = (toll.json() as CounterBooking).charges[0]!._id;
    const body = { key: 'toll-000001', method: 'cash', amount: 2000 };
    expect((await call('POST', `/api/counter-payment/${id}`, body)).statusCode).toBe(200);
    const waived: CounterBooking = (await call('POST', `/api/waive-charge/${tollId}`, { reason: 'Wrong car' })).json();
    expect(waived.balance).toMatchObject({ due: 0, excess: 2000 });
    expect(waived.actions).toContain('refundExcess');
    expect(waived.actions).not.toContain('close');
    expect((await call('POST', `/api/close-booking/${id}`)).json().message).toBe(
      'The balance is not settled yet: -20 €.',
    );

    const refunded = await call('POST', `/api/counter-refund/${id}`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as CounterBooking).balance).toMatchObject({ paid: 15000, due: 0, excess: 0 });
    expect((refunded.json() as CounterBooking).actions).toContain('close');
    const given = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(given).toMatchObject([{ paymentId, amount: 2000, status: 'succeeded' }]);
    // Nothing more to refund: once only.
    expect((await call('POST', `/api/counter-refund/${id}`)).statusCode).toBe(409);
    expect((await call('POST', `/api/close-booking/${id}`)).statusCode).toBe(200);
  });

  it('refuses to refund online what was paid at the desk', async () => {
    const id = await insertRental(t, 60, 2, { carId: await insertCar(t), totalAmount: 9000, price: 9000 });
    setClock(t, new Date(parisAt(60).getTime() - 3600_000));
    await call('POST', `/api/check-out/${id}`, checkOutBody({ odometer: 100 }));
    setClock(t, new Date(parisAt(60).getTime() + 2 * DAY));
    await call('POST', `/api/return/${id}`, { odometer: 200, fuel: { kind: 'eighths', eighths: 8 } });
    const toll = await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 1000, note: 'A8' });
    const pay = { key: 'desk-000001', method: 'cash', amount: 10000 };
    expect((await call('POST', `/api/counter-payment/${id}`, pay)).statusCode).toBe(200);
    await call('POST', `/api/waive-charge/${(toll.json() as CounterBooking).charges[0]!._id}`, { reason: 'Error' });
    const refused = await call('POST', `/api/counter-refund/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Part of what was paid beyond the balance was paid at the desk: give it back there.',
    );
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toEqual([]);
  });
});
