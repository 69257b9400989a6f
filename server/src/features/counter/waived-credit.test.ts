import type { CounterBooking } from '@roam/contract/counter.schema';
import { invoiceTotals } from '@roam/contract/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, refunds } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { recordCharge } from '#server/features/ledger/ledger.service.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// A charge waived after it was paid and invoiced (docs/decisions/0011-invoices.md, "Waived charges"): one credit note
// with the charge's line, in the waiver's transaction; giving the money back afterwards — online or at the desk —
// issues no second one. A charge waived before it was paid is credited by nothing (it was never invoiced). The customer
// is told of each waiver by e-mail, with the credit note when one was issued.

const DAY = 24 * 3600_000;

describe('a waived charge after invoicing', () => {
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
  const driverMails = (since: number) => smtp.parsedTo('driver@roam.localhost', since);

  const call = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: supplier, ...(payload ? { payload } : {}) });
  const documents = (id: string) => t.db.select().from(invoices).where(eq(invoices.bookingId, id));

  /** A rental paid online by the demo card through the ledger (so invoiced), taken out and returned. */
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
      paymentReference: `demo_waived_${daysAhead}`,
      paidAt: new Date(),
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    await t.db.transaction((tx) =>
      recordCharge(t.app.context, tx, {
        booking: row!,
        purpose: 'rental',
        provider: 'demo',
        reference: `demo_waived_${daysAhead}`,
        amount: 15000,
        key: `booking-${id}`,
      }),
    );
    setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
    expect((await call(`/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
    setClock(t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
    const back = await call(`/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
    expect(back.statusCode, back.body).toBe(200);
    return id;
  }

  /** A toll of 24 € added and paid in cash, then waived: the booking, the toll's invoice and the credit note. */
  async function paidThenWaived(daysAhead: number) {
    const id = await returnedRental(daysAhead);
    // A fine waived before anything paid it: nothing to credit.
    const fine = await call(`/api/add-charge/${id}`, { kind: 'fine', amount: 3000, note: 'Parking' });
    const fineId = (fine.json() as CounterBooking).charges.find((charge) => charge.kind === 'fine')!._id;
    const beforeFine = smtp.received.length;
    expect((await call(`/api/waive-charge/${fineId}`, { reason: 'Not ours' })).statusCode).toBe(200);
    expect((await documents(id)).filter((doc) => doc.kind === 'credit_note')).toEqual([]);
    const [fineMail, ...moreFine] = await driverMails(beforeFine);
    expect(moreFine).toEqual([]);
    expect(fineMail!.subject).toMatch(/^A charge was waived on your rental of the Renault Clio – [A-Z0-9]{8}$/);
    expect(fineMail!.text).toContain('Fine, 30 €');
    expect(fineMail!.text).toContain('Not ours');
    expect(fineMail!.text).not.toContain('credit note');
    expect(fineMail!.attachments).toEqual([]);

    const toll = await call(`/api/add-charge/${id}`, { kind: 'toll', amount: 2400, note: 'A6' });
    const tollId = (toll.json() as CounterBooking).charges.find((charge) => charge.kind === 'toll')!._id;
    const paid = await call(`/api/counter-payment/${id}`, { key: 'toll-000001', method: 'cash', amount: 2400 });
    expect(paid.statusCode, paid.body).toBe(200);
    const tollInvoice = (await documents(id)).find((doc) => doc.kind === 'invoice' && doc.gross === 2400)!;
    expect(tollInvoice.lines.map((line) => line.item)).toEqual(['charge.toll']);

    const beforeToll = smtp.received.length;
    const waived = await call(`/api/waive-charge/${tollId}`, { reason: 'Wrong car' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((waived.json() as CounterBooking).balance).toMatchObject({ due: 0, excess: 2400 });
    const [credit, ...more] = (await documents(id)).filter((doc) => doc.kind === 'credit_note');
    expect(more).toEqual([]);
    expect(credit).toMatchObject({ invoiceId: tollInvoice.id, refundId: null, gross: 2400, currency: 'EUR' });
    // The toll's own line at its recorded rate (France, 20 %): 24 € = 20 € + 4 € VAT.
    expect(credit!.lines).toEqual([
      { item: 'charge.toll', quantity: 1, vatRate: 20, net: 2000, vat: 400, gross: 2400 },
    ]);
    expect(invoiceTotals(credit!.lines)).toEqual({ net: credit!.net, vat: credit!.vat, gross: credit!.gross });
    expect(credit!.number).toMatch(/^CN-\d{4}-\d{4}$/);
    // The customer's copy: the waiver told, the credit note attached beside the invoices it corrects.
    const [tollMail] = await driverMails(beforeToll);
    expect(tollMail!.text).toContain('Toll, 24 €');
    expect(tollMail!.text).toContain('the credit note attached corrects your invoice');
    const attached = tollMail!.attachments.map((file) => file.filename);
    expect(attached).toContain(`${credit!.number}.pdf`);
    expect(attached).toContain(`${tollInvoice.number}.pdf`);
    return { id, credit: credit! };
  }

  it('credits the waived charge once; handing its money back at the desk issues no second credit note', async () => {
    const { id, credit } = await paidThenWaived(30);
    const back = await call(`/api/counter-desk-refund/${id}`, { key: 'back-000001', method: 'cash', amount: 2400 });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as CounterBooking).balance).toMatchObject({ due: 0, excess: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toMatchObject([
      { amount: 2400, provider: 'counter', status: 'succeeded' },
    ]);
    expect((await documents(id)).filter((doc) => doc.kind === 'credit_note')).toEqual([credit]);
    expect((await call(`/api/close-booking/${id}`)).statusCode).toBe(200);
  });

  it('credits the waived charge once; refunding its money online issues no second credit note', async () => {
    const { id, credit } = await paidThenWaived(34);
    const refunded = await call(`/api/counter-refund/${id}`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toMatchObject([
      { amount: 2400, provider: 'demo', status: 'succeeded' },
    ]);
    expect((await documents(id)).filter((doc) => doc.kind === 'credit_note')).toEqual([credit]);
    // What the documents state is what the customer kept: 150 € + 24 € − 24 € − 24 € refunded = 150 €.
    const stated = (await documents(id)).reduce(
      (sum, doc) => sum + (doc.kind === 'invoice' ? doc.gross : -doc.gross),
      0,
    );
    expect(stated).toBe(15000);
  });

  it('a refund with no waiver behind it is still credited in full', async () => {
    const id = await returnedRental(38);
    // An excess with no charge waived behind it (a cheaper total): its refund is credited as before.
    await t.db.update(bookings).set({ totalAmount: 14000 }).where(eq(bookings.id, id));
    const refunded = await call(`/api/counter-refund/${id}`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const credits = (await documents(id)).filter((doc) => doc.kind === 'credit_note');
    expect(credits).toMatchObject([{ gross: 1000, lines: [{ item: 'refund', gross: 1000 }] }]);
  });
});
