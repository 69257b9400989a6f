import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingCharges, bookings, payments, refunds } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { paymentRow } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// The no-show's other two rules (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"; the fee's is
// check-in.test.ts and settlement.test.ts): by the supplier's rule what was paid is refunded whole, or kept — the
// booking `no_show`, the car free at once, no charge line, audited, and the customer told which in their e-mail.

describe('no-show: the refund and keep rules', () => {
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

  /** A booking paid online 11700 by the demo gateway (its ledger's charge beside it), `daysAhead` days on. */
  async function paidRental(daysAhead: number) {
    const id = await insertRental(t, daysAhead, 2, {
      carId: await insertCar(t),
      status: 'paid',
      paymentOption: 'full',
      payNow: 11700,
      chargedAmount: 11700,
      paymentProvider: 'demo',
      paymentReference: `demo_no_show_${daysAhead}`,
      paidAt: new Date(),
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    await t.db.insert(payments).values(paymentRow(row!));
    return id;
  }

  async function noShowUnder(rule: 'refund' | 'keep', daysAhead: number) {
    const settings = { supplierId: DEMO_IDS.suppliers.azurCoast, noShowRule: rule, noShowGraceMinutes: 30 };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/update-counter-settings',
      headers: supplier,
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
    const id = await paidRental(daysAhead);
    setClock(t, new Date(parisAt(daysAhead).getTime() + 31 * 60_000));
    const sent = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/no-show/${id}`,
      headers: supplier,
      payload: { note: 'Never came' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'no_show', blocksCar: false });
    expect(await t.db.select().from(bookingCharges).where(eq(bookingCharges.bookingId, id))).toEqual([]);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'noShow')));
    expect(trail).toHaveLength(1);
    const mail = smtp.received.slice(sent).find((m) => m.to.includes('driver@roam.localhost'));
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toContain('not collected');
    return { id, body: res.json(), text: parsed.text ?? '' };
  }

  it('refunds what was paid, whole, through its gateway', async () => {
    const { id, body, text } = await noShowUnder('refund', 14);
    expect(body).toMatchObject({ rule: 'refund', refunded: 11700, fee: 0 });
    expect(body.booking.balance).toMatchObject({ paid: 0, due: 0 });
    const given = await t.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(given).toMatchObject([{ amount: 11700, status: 'succeeded', provider: 'demo' }]);
    expect(text).toContain('what you paid is refunded: 117 €');
  });

  it('keeps what was paid: nothing refunded, nothing more due', async () => {
    const { id, body, text } = await noShowUnder('keep', 16);
    expect(body).toMatchObject({ rule: 'keep', refunded: 0, fee: 0 });
    expect(body.booking.balance).toMatchObject({ paid: 11700, due: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, id))).toEqual([]);
    expect(text).toContain('what you paid in advance is kept');
  });
});
