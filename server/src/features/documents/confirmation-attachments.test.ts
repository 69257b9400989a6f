import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { type CapturedMail, startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The confirmation e-mail carries the booking's receipt (PDF) and calendar file (.ics), in the
// booking's language, rendered from the booking when the message is sent (the outbox row names the booking) — read
// back from a real SMTP server: the PDF's text extracted, the .ics parsed.

describe('the confirmation e-mail’s documents', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let driver: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const parsed = (mail: CapturedMail | undefined) => simpleParser(mail!.raw);

  it('attaches the receipt and the calendar file in the driver’s language; the supplier’s notice has none', async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: driver,
        payload: checkoutBody({}, 33),
      });
      expect(res.statusCode, res.body).toBe(201);
      const bookingId: string = res.json().bookingId;
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      const toDriver = smtp.received.filter((mail) => mail.to.includes(DEMO_ACCOUNTS.driver.email));
      const confirmation = await parsed(toDriver.at(-1));
      expect(confirmation.subject).toBe(`Votre réservation de la Renault Clio est confirmée – ${row!.reference}`);
      expect(confirmation.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`receipt-${row!.reference}.pdf`, 'application/pdf'],
        [`booking-${row!.reference}.ics`, 'text/calendar'],
      ]);
      const [pdf, ics] = confirmation.attachments;
      const text = await pdfText(pdf!.content);
      expect(text).toContain('Reçu');
      expect(text).toContain(row!.reference);
      expect(text).toContain('Loueur: Azur Coast Rentals');
      const events = Object.values(ical.sync.parseICS(ics!.content.toString('utf8'))).filter(
        (entry): entry is VEvent => entry?.type === 'VEVENT',
      );
      const [pickup, dropoff] = events.sort((a, b) => a.start.getTime() - b.start.getTime());
      expect(pickup!.start.toISOString()).toBe(row!.pickupAt.toISOString());
      expect(dropoff!.start.toISOString()).toBe(row!.dropoffAt.toISOString());
      expect(pickup!.summary).toBe('Prise en charge : Renault Clio');

      // The outbox names the booking rather than holding the files.
      const [stored] = await t.db.select().from(outbox).where(eq(outbox.documentsOf, bookingId));
      expect(stored?.to).toBe(DEMO_ACCOUNTS.driver.email);
      // The supplier's notice of the same booking carries nothing.
      const toSupplier = smtp.received.filter((mail) => mail.to.includes(DEMO_ACCOUNTS.supplier.email));
      expect((await parsed(toSupplier.at(-1))).attachments).toEqual([]);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    }
  });

  it('renders them at send time: a confirmation the sweeper sends later carries them too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({}, 44),
    });
    const bookingId: string = res.json().bookingId;
    const [row] = await t.db.select().from(outbox).where(eq(outbox.documentsOf, bookingId));
    // As if the process had stopped between the commit and the send: the row is pending again, and older.
    const before = smtp.received.length;
    await t.db
      .update(outbox)
      .set({ status: 'pending', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(outbox.id, row!.id));
    expect(await t.app.context.mailer.sweep()).toBeGreaterThanOrEqual(1);
    const resent = smtp.received.slice(before).filter((mail) => mail.to.includes(DEMO_ACCOUNTS.driver.email));
    expect(resent).toHaveLength(1);
    expect((await parsed(resent[0])).attachments.map((file) => file.contentType)).toEqual([
      'application/pdf',
      'text/calendar',
    ]);
  });
});
