import type { CounterBooking } from '@roam/contract/counter.schema';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, payments, refunds, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { GOOD_CARD } from '#server/features/payments/payments.test-helpers.ts';
import { BOOKING_GRANT_COOKIE } from '#server/plugins/booking-grant.ts';
import { paymentRow } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// The settlement's online and desk ends (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"):
// the balance of a returned rental paid by the customer through the e-mailed payment link (the ledger records it, the
// rental then closes, its e-mail restating the amounts in the customer's language); a payment by the link after the
// desk took the money is refunded, never kept; money paid at the desk beyond the balance handed back there; the
// bookings desk's list and view reading the charges and the ledger's rows.

const DAY = 24 * 3600_000;

describe('settlement: the payment link and the refund at the desk', () => {
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

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = supplier) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

  /** A rental (paid online 15000 unless `paidOnline` is false: then to pay at the desk), on rent, then returned. */
  async function returnedRental(daysAhead: number, paidOnline = true) {
    const online = paidOnline
      ? {
          status: 'paid' as const,
          paymentOption: 'full' as const,
          payNow: 15000,
          chargedAmount: 15000,
          paymentProvider: 'demo' as const,
          paymentReference: `demo_link_${daysAhead}`,
          paidAt: new Date(),
        }
      : {};
    const id = await insertRental(t, daysAhead, 2, {
      carId: await insertCar(t),
      totalAmount: 15000,
      price: 15000,
      ...online,
    });
    if (paidOnline) {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      await t.db.insert(payments).values(paymentRow(row!));
    }
    setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call('POST', `/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call('POST', `/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    return id;
  }

  /** Opens the link of the last e-mail to the demo driver: the browser's grant cookie to the booking. */
  async function openLinkMail(sent: number) {
    const mail = smtp.received.slice(sent).find((m) => m.to.includes('driver@roam.localhost'));
    const parsed = await simpleParser(mail!.raw);
    const token = /\/manage-booking\?t=([A-Za-z0-9_-]{43})/.exec(parsed.text ?? '')?.[1];
    const opened = await t.app.inject({ method: 'POST', url: '/api/open-manage-link', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const grant = opened.cookies.find((cookie) => cookie.name === BOOKING_GRANT_COOKIE)!.value;
    return { parsed, headers: { cookie: `${BOOKING_GRANT_COOKIE}=${grant}` } };
  }

  it("a returned rental's balance is paid through the e-mailed link, once; then it closes, the mail restating it", async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, DEMO_IDS.users.driver));
    const onRent = await insertRental(t, 20, 2, { carId: await insertCar(t) });
    const id = await returnedRental(25);
    const toll = await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 2500, note: 'A6' });
    expect((toll.json() as CounterBooking).actions).toContain('sendPaymentLink');

    // Who may send it: not the accountant (no `counter`), not another business (404); only for a balance owed.
    const accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    expect((await call('POST', `/api/send-balance-link/${id}`, undefined, accountant)).statusCode).toBe(403);
    expect((await call('POST', `/api/send-balance-link/${id}`, undefined, kestrel)).statusCode).toBe(404);
    const notReturned = await call('POST', `/api/send-balance-link/${onRent}`);
    expect(notReturned.statusCode).toBe(409);

    const sent = smtp.received.length;
    const link = await call('POST', `/api/send-balance-link/${id}`);
    expect(link.statusCode, link.body).toBe(200);
    const { parsed, headers } = await openLinkMail(sent);
    expect(parsed.subject).toContain('Le solde de votre location');
    expect(parsed.text).toContain('25 €');

    // The customer's page offers the balance (the charges included), and the demo card pays it.
    const page = await t.app.inject({ method: 'GET', url: `/api/booking/${id}?language=fr`, headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ status: 'returned', amounts: { due: 2500 } });
    const opened = await t.app.inject({ method: 'POST', url: `/api/balance-payment/${id}`, headers });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ amount: { amount: 2500, currency: 'EUR' }, payment: { provider: 'demo' } });
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/pay-amendment/${id}/${opened.json().amendmentId}`,
        headers,
        payload: GOOD_CARD,
      });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'returned', payment: 'paid' });
    // Paid again (a double click): one payment in the ledger.
    expect((await pay()).json()).toMatchObject({ payment: 'paid' });
    const taken = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.purpose, 'return_charges')));
    expect(taken).toMatchObject([{ kind: 'charge', provider: 'demo', amount: 2500, status: 'succeeded' }]);
    // Nothing more is due: no second payment, no second link.
    expect((await t.app.inject({ method: 'POST', url: `/api/balance-payment/${id}`, headers })).statusCode).toBe(409);
    const view: CounterBooking = (await call('GET', `/api/counter-booking/${id}`)).json();
    expect(view.balance).toMatchObject({ charges: 2500, paid: 17500, due: 0, excess: 0 });
    expect(view.actions).toContain('close');
    expect(view.actions).not.toContain('sendPaymentLink');
    expect((await call('POST', `/api/send-balance-link/${id}`)).statusCode).toBe(409);

    const before = smtp.received.length;
    expect((await call('POST', `/api/close-booking/${id}`)).statusCode).toBe(200);
    const closedMail = smtp.received.slice(before).find((m) => m.to.includes('driver@roam.localhost'));
    const closedText = (await simpleParser(closedMail!.raw)).text ?? '';
    for (const line of ['Location : 150 €', 'Frais : 25 €', 'Payé : 175 €', 'Remboursé : 0 €', 'Solde : 0 €']) {
      expect(closedText).toContain(line);
    }
    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => entry.action)).toContain('sendPaymentLink');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_IDS.users.driver));
  });

  it('a balance paid by the link after the desk took it is refunded, never kept as excess', async () => {
    const id = await returnedRental(35, false);
    const sent = smtp.received.length;
    expect((await call('POST', `/api/send-balance-link/${id}`)).statusCode).toBe(200);
    const { headers } = await openLinkMail(sent);
    const opened = await t.app.inject({ method: 'POST', url: `/api/balance-payment/${id}`, headers });
    expect(opened.statusCode, opened.body).toBe(200);
    // Never paid online: the card gateway takes it (the demo's, here).
    expect(opened.json()).toMatchObject({ amount: { amount: 15000 }, payment: { provider: 'demo' } });
    // Meanwhile the customer pays at the desk.
    const cash = { key: 'cash-link-01', method: 'cash', amount: 15000 };
    expect((await call('POST', `/api/counter-payment/${id}`, cash)).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/pay-amendment/${id}/${opened.json().amendmentId}`,
      headers,
      payload: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ payment: 'refund' });
    const view: CounterBooking = (await call('GET', `/api/counter-booking/${id}`)).json();
    expect(view.balance).toMatchObject({ paid: 15000, due: 0, excess: 0 });
    expect(view.actions).toContain('close');
  });

  it('hands back at the desk what was paid there beyond the balance, once, at most that; the desk lists it', async () => {
    const id = await returnedRental(45, false);
    const toll = await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 1000, note: 'A8' });
    const pay = { key: 'desk-refund-01', method: 'cash', amount: 16000 };
    expect((await call('POST', `/api/counter-payment/${id}`, pay)).statusCode).toBe(200);
    const tollId = (toll.json() as CounterBooking).charges[0]!._id;
    const waived: CounterBooking = (await call('POST', `/api/waive-charge/${tollId}`, { reason: 'Error' })).json();
    expect(waived.balance).toMatchObject({ due: 0, excess: 1000, atDesk: 1000 });
    expect(waived.actions).toContain('refundAtDesk');
    // Nothing was paid online: the gateways' refund is not offered.
    expect(waived.actions).not.toContain('refundExcess');

    const accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
    const body = { key: 'handback-0001', method: 'cash', amount: 1000 };
    expect((await call('POST', `/api/counter-desk-refund/${id}`, body, accountant)).statusCode).toBe(403);
    const over = await call('POST', `/api/counter-desk-refund/${id}`, { ...body, amount: 1001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({
      amount: ['The amount is more than can be given back at the desk (10 €).'],
    });
    const bad = await call('POST', `/api/counter-desk-refund/${id}`, { ...body, method: 'bank_transfer' });
    expect(bad.statusCode).toBe(400);

    const agent = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const first = await call('POST', `/api/counter-desk-refund/${id}`, body, agent);
    const again = await call('POST', `/api/counter-desk-refund/${id}`, body, agent);
    expect([first.statusCode, again.statusCode], first.body).toEqual([200, 200]);
    expect((again.json() as CounterBooking).balance).toMatchObject({ paid: 15000, due: 0, excess: 0, atDesk: 0 });
    const given = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(given).toMatchObject([
      { provider: 'counter', method: 'cash', amount: 1000, status: 'succeeded', recordedBy: DEMO_ACCOUNTS.counter.id },
    ]);
    // Nothing more to hand back.
    const more = await call('POST', `/api/counter-desk-refund/${id}`, { ...body, key: 'handback-0002' });
    expect(more.statusCode).toBe(409);
    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.filter((entry) => entry.action === 'counterRefund')).toHaveLength(1);

    // The bookings desk's view lists the ledger's rows: the desk payment with its method, the refund at the desk.
    const desk = await call('GET', `/api/operator-booking/${id}?language=en`);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().payments).toMatchObject([
      { purpose: 'rental', provider: 'counter', method: 'cash', amount: 16000 },
    ]);
    expect(desk.json().refunds).toMatchObject([
      { purpose: 'excess', provider: 'counter', method: 'cash', amount: 1000, status: 'succeeded' },
    ]);
    expect((await call('POST', `/api/close-booking/${id}`)).statusCode).toBe(200);
  });

  it("the bookings desk's list and view, and the customer's receipt, owe the charges at return", async () => {
    const id = await returnedRental(55);
    await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 3000, note: 'A9' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const list = await call('POST', '/api/operator-bookings/1/10', { search: row!.reference, language: 'en' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results).toMatchObject([{ _id: id, amounts: { due: 3000 } }]);
    const view = await call('GET', `/api/operator-booking/${id}?language=en`);
    expect(view.json()).toMatchObject({ amounts: { due: 3000 } });
    expect(view.json().payments).toMatchObject([{ purpose: 'rental', provider: 'demo', method: null, amount: 15000 }]);
    // The customer's receipt: the charges on their line, and what is due the balance, not "at pick-up".
    const driver = await signIn(t.db, DEMO_IDS.users.driver);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/booking-receipt/${id}`, headers: driver });
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toMatch(/Charges at return\n30 €/);
    expect(text).toMatch(/Balance due\n30 €/);
    expect(text).not.toContain('Due at pick-up');
  });
});
