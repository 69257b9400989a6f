import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { bookingReminders, bookings, notifications, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { type CapturedMail, startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { sendDueReminders } from './reminders.service.ts';

// Reminders 24 hours before pick-up and on the drop-off day, once per booking even when two server
// processes run the pass at the same moment on one database (PGlite here, PostgreSQL in the server-pg project), read
// back from a real SMTP server.

const HOUR = 3600_000;
/** 10:00 in Paris (summer time), far from any demo booking. */
const NOW = new Date('2031-06-10T08:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const fixedClock = (ctx: AppContext): AppContext => ({ ...ctx, clock: { now: () => NOW } });

describe('reminders', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const ids: Record<string, string> = {};
  const references: Record<string, string> = {};
  const insert = async (name: string, when: [number, number], overrides: Parameters<typeof bookingRow>[1]) => {
    const [row] = await t.db
      .insert(bookings)
      .values(bookingRow({ pickupAt: at(when[0]), dropoffAt: at(when[1]) }, overrides))
      .returning({ id: bookings.id, reference: bookings.reference });
    ids[name] = row!.id;
    references[name] = row!.reference;
  };
  const mailsOf = (id: string) => smtp.received.filter((mail: CapturedMail) => smtp.textOf(mail).includes(id));
  /** The body as the reader sees it: quoted-printable bytes decoded as UTF-8. */
  const read = (mail: CapturedMail | undefined) => Buffer.from(smtp.textOf(mail!), 'latin1').toString('utf8');

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    await t.db.update(users).set({ language: 'se' }).where(eq(users.id, DEMO_ACCOUNTS.driver2.id));
    await t.db.update(users).set({ enableEmailNotifications: false }).where(eq(users.id, DEMO_ACCOUNTS.unverified.id));
    const { cars } = DEMO_IDS;
    await insert('pickupIn20h', [20, 72], { carId: cars.clio });
    await insert('pickupIn23hSwedish', [23, 72], { carId: cars.minimumAge25, driverId: DEMO_ACCOUNTS.driver2.id });
    await insert('pickupNoEmails', [12, 72], { carId: cars.unavailable, driverId: DEMO_ACCOUNTS.unverified.id });
    await insert('pickupIn30h', [30, 72], { carId: cars.comingSoon });
    await insert('dropoffToday', [-48, 6], { carId: cars.fullyBooked, status: 'paid' });
    await insert('dropoffTomorrow', [-48, 20], { carId: cars.licenseRequired });
    await insert('cancelled', [10, 72], { carId: cars.clio, status: 'cancelled', blocksCar: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends each due reminder exactly once while two server processes run the pass at once', async () => {
    const other = await t.sibling();
    const counts = await Promise.all([
      sendDueReminders(fixedClock(t.app.context)),
      sendDueReminders(fixedClock(other.context)),
      sendDueReminders(fixedClock(t.app.context)),
    ]);
    // Four are due: three pick-ups within 24 hours and one drop-off today; each sent by exactly one of the passes.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    for (const name of ['pickupIn20h', 'pickupIn23hSwedish', 'dropoffToday'])
      expect(mailsOf(ids[name]!)).toHaveLength(1);
    // No e-mail for a driver who turned them off, but the notification all the same.
    expect(mailsOf(ids.pickupNoEmails!)).toHaveLength(0);
    for (const name of ['pickupIn30h', 'dropoffTomorrow', 'cancelled']) expect(mailsOf(ids[name]!)).toHaveLength(0);
    expect(smtp.received).toHaveLength(3);

    const notes = await t.db
      .select({ bookingId: notifications.bookingId, kind: notifications.kind })
      .from(notifications)
      .where(inArray(notifications.kind, ['pickupReminder', 'dropoffReminder']));
    expect(notes.map((note) => `${note.bookingId} ${note.kind}`).sort()).toEqual(
      [
        `${ids.pickupIn20h} pickupReminder`,
        `${ids.pickupIn23hSwedish} pickupReminder`,
        `${ids.pickupNoEmails} pickupReminder`,
        `${ids.dropoffToday} dropoffReminder`,
      ].sort(),
    );

    // A later pass finds nothing left to send.
    expect(await sendDueReminders(fixedClock(other.context))).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it("says where, when, what to bring and what is due at the counter, in the driver's language", () => {
    // 04:00 UTC is 06:00 on the Paris clock (summer time).
    const english = read(mailsOf(ids.pickupIn20h!)[0]);
    expect(english).toMatch(/Pick-up: Wed, Jun 11, 2031, 06:00\sAM GMT\+2/u);
    // With the desk's address.
    expect(english).toContain(
      'Place: Paris Charles de Gaulle Airport, Aéroport Paris-Charles de Gaulle, Terminal 2, 95700 Roissy-en-France',
    );
    expect(english).toContain('At the counter: 100 € to pay, and a security deposit of 500 €.');
    expect(english).toContain("Bring a passport or ID and your driver's licence.");
    const swedish = read(mailsOf(ids.pickupIn23hSwedish!)[0]);
    // The booking's short reference.
    expect(swedish).toContain(`Bokningsnummer: ${references.pickupIn23hSwedish}`);
    expect(swedish).toContain('Ta med pass eller id-kort och ditt körkort.');
    const dropoff = read(mailsOf(ids.dropoffToday!)[0]);
    expect(dropoff).toContain('Your rental of the Citroën C3 ends today.');
    expect(dropoff).toMatch(/Drop-off: Tue, Jun 10, 2031, 04:00\sPM GMT\+2/u);
  });

  it('runs on a timer started with the app and stopped when it closes', async () => {
    const timed = await createTestApp({ REMINDER_INTERVAL_SECONDS: '1' });
    try {
      const [row] = await timed.db
        .insert(bookings)
        .values(bookingRow({ pickupAt: new Date(Date.now() + 2 * HOUR), dropoffAt: new Date(Date.now() + 50 * HOUR) }))
        .returning({ id: bookings.id });
      const claimed = async () =>
        (
          await timed.db
            .select()
            .from(bookingReminders)
            .where(and(eq(bookingReminders.bookingId, row!.id), eq(bookingReminders.kind, 'pickup')))
        ).length;
      const deadline = Date.now() + 10_000;
      while ((await claimed()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await claimed()).toBe(1);
    } finally {
      await timed.close();
    }
  });
});
