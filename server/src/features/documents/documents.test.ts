import { convertMinor, formatMinor } from '@roam/contract/money';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { checkoutBody } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The receipt (PDF, its text read back by pdf.js) and the calendar file (parsed by node-ical), in the
// driver's language, over a pick-up before and a drop-off after a DST change in Paris.

/** The first local date from `from` on whose next day Paris changes its UTC offset (a DST change). */
function dayBeforeDstChange(from: Date): string {
  const offsetOn = (date: string) => {
    const noon = zonedToInstant({ date, time: '12:00' }, 'Europe/Paris');
    return instantToZoned(noon, 'UTC').time;
  };
  for (let day = 0; day < 400; day++) {
    const date = new Date(from.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(from.getTime() + (day + 1) * 86_400_000).toISOString().slice(0, 10);
    if (offsetOn(date) !== offsetOn(next)) return date;
  }
  throw new Error('no DST change within 400 days');
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('booking documents', () => {
  let t: TestApp;
  let driver: { cookie: string };
  let bookingId: string;
  const before = dayBeforeDstChange(new Date(Date.now() + 5 * 86_400_000));
  const pickupAt = zonedToInstant({ date: before, time: '10:00' }, 'Europe/Paris');
  const dropoffAt = zonedToInstant({ date: plusDays(before, 3), time: '10:00' }, 'Europe/Paris');

  beforeAll(async () => {
    t = await createTestApp();
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({
        pickupAt: pickupAt.toISOString(),
        dropoffAt: dropoffAt.toISOString(),
        extras: { amendments: true, theftProtection: true },
        currency: 'SEK',
      }),
    });
    expect(res.statusCode).toBe(201);
    bookingId = res.json().bookingId;
  });
  afterAll(() => t.close());

  it("gives the receipt as a PDF in the driver's language: reference, parties, places, every line, amounts in the booking's currency", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/booking-receipt/${bookingId}`, headers: driver });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-[A-Za-z0-9-]+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const sek = (eur: number) => convertMinor(eur, row!.rate, 'SEK');
    const money = (amount: number) => formatMinor(amount, 'SEK', 'de');
    // 3 days of the Clio, amendments once, theft protection 9 € a day (checkout.test.ts prices), each line in SEK.
    const lines = [sek(10500), sek(1500), sek(900) * 3];
    const total = lines.reduce((a, b) => a + b, 0);
    // The lines add up to the total stored at checkout, which the screens and e-mails show too.
    expect(row!.totalAmount).toBe(total);
    expect(text).toContain('Quittung');
    // The booking's short reference, not its id.
    expect(row!.reference).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(text).toContain(`Buchungsnummer: ${row!.reference}`);
    expect(text).not.toContain(bookingId);
    const [me] = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    expect(text).toContain(`Fahrer: ${me!.fullName} · ${me!.email}`);
    expect(text).toContain('Vermieter: Azur Coast Rentals');
    expect(text).toContain('Miete (3 Tage)');
    expect(text).toContain('Änderungen');
    expect(text).toContain('Diebstahlschutz');
    for (const amount of [...lines, total]) expect(text).toContain(money(amount));
    expect(text).toContain(`Gesamtbetrag\n${money(total)}`);
    // France: 20 % VAT included in the total.
    expect(text).toContain(`Enthaltene MwSt. (20 %)\n${money(Math.floor((total * 20) / 120 + 0.5))}`);
    expect(text).toContain(`Online bezahlt\n${money(0)}`);
    expect(text).toContain(`Bei Abholung zu zahlen\n${money(total)}`);
    expect(text).toContain(`Kaution\n${money(row!.depositAmount)}`);
    expect(row!.depositAmount).toBe(sek(row!.deposit));
    expect(text).toContain('Währung\nSEK');
    // Both at the place's clock (10:00 local), each with its own offset, whatever the server's zone.
    // With the desk's address.
    const desk =
      'Flughafen Paris-Charles-de-Gaulle, Aéroport Paris-Charles de Gaulle, Terminal 2, 95700 Roissy-en-France';
    const flowing = text.replace(/\s+/g, ' '); // the PDF wraps these long lines
    expect(flowing).toMatch(new RegExp(`Abholung: [^:]*10:00 MEZ — ${desk}`));
    expect(flowing).toMatch(new RegExp(`Rückgabe: [^:]*10:00 MESZ — ${desk}`));
  });

  it('gives the calendar file: pick-up and drop-off at the places’ clocks, the right instants across a DST change', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/booking-calendar/${bookingId}`, headers: driver });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris');
    // Both at 10:00 on the Paris clock, though Paris changed its offset in between.
    expect(res.body).toContain(`DTSTART;TZID=Europe/Paris:${before.replaceAll('-', '')}T100000`);
    expect(res.body).toContain(`DTSTART;TZID=Europe/Paris:${plusDays(before, 3).replaceAll('-', '')}T100000`);
    const events = Object.values(ical.sync.parseICS(res.body)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(2);
    const [pickup, dropoff] = events.sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(pickup!.start.toISOString()).toBe(pickupAt.toISOString());
    expect(dropoff!.start.toISOString()).toBe(dropoffAt.toISOString());
    // A DST change lies between: the two instants are not a whole number of days apart.
    expect((dropoffAt.getTime() - pickupAt.getTime()) % 86_400_000).not.toBe(0);
    expect(pickup!.summary).toBe('Abholung: Renault Clio');
    expect(dropoff!.summary).toBe('Rückgabe: Renault Clio');
    expect(String(pickup!.location)).toContain('Paris');
  });

  it('answers 404 for a booking that does not exist and 401 without a session', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/booking-receipt/${unknown}`, headers: driver })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/booking-calendar/${bookingId}` })).statusCode).toBe(401);
  });

  it("marks a cancelled booking's events cancelled, so a calendar that imported them drops them (s16 QA)", async () => {
    const live = await t.app.inject({ method: 'GET', url: `/api/booking-calendar/${bookingId}`, headers: driver });
    expect(live.body).not.toContain('STATUS:CANCELLED');
    await t.db.update(bookings).set({ status: 'cancelled', blocksCar: false }).where(eq(bookings.id, bookingId));
    const res = await t.app.inject({ method: 'GET', url: `/api/booking-calendar/${bookingId}`, headers: driver });
    const events = Object.values(ical.sync.parseICS(res.body)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events.map((event) => event.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});
