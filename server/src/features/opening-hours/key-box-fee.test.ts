import { convertMinor } from '@roam/contract/money';
import type { OpeningHours } from '@roam/contract/opening-hours';
import { zonedToInstant } from '@roam/contract/time';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The key box's fee charged through HTTP: a pick-up or a drop-off after hours at a place with a key box adds the
// place's fee as its own line (contract price.ts PlaceFees), at checkout and the walk-in, kept in the booking's terms,
// on its receipt and the desk's lines, and re-decided by a change that moves a time into or out of the hours.

const CDG = DEMO_IDS.locations.parisCdg;
const at = (date: string, time: string) => zonedToInstant({ date, time }, 'Europe/Paris').toISOString();
const weekday = [{ from: '08:00', to: '18:00' }];
/** Every day 08:00–18:00, a key box at 25 € outside them. */
const HOURS: OpeningHours = {
  weekly: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: weekday, sun: weekday },
  closures: [],
  afterHours: { feeMinor: 2500 },
};
/** Three days of the demo Clio (35 € a day, its supplier's percentage 0: checkout.test.ts prices). */
const THREE_DAYS = 10_500;
const AMENDMENTS = 1500;

describe('the key box fee', () => {
  let t: TestApp;
  let admin: { cookie: string };
  let driver: { cookie: string };
  let ip = 0;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.41.0.${++ip % 250}`, ...options });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const book = async (pickupAt: string, dropoffAt: string, more: Record<string, unknown> = {}) => {
    const res = await inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({ pickupAt, dropoffAt, extras: { amendments: true }, ...more }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const set = await inject({
      method: 'PUT',
      url: '/api/update-location',
      headers: admin,
      payload: { _id: CDG, openingHours: HOURS },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(() => t.close());

  it('within the hours nothing is added, and the terms keep no fee', async () => {
    const id = await book(at('2027-03-01', '09:00'), at('2027-03-04', '09:00'));
    const booking = await row(id);
    expect(booking.price).toBe(THREE_DAYS + AMENDMENTS);
    expect(booking.terms.placeFees).toBeUndefined();
  });

  it('a pick-up and a drop-off after hours each add the fee as a line, converted line by line, on the receipt', async () => {
    const id = await book(at('2027-03-08', '07:00'), at('2027-03-11', '07:00'), { currency: 'SEK' });
    const booking = await row(id);
    expect(booking.price).toBe(THREE_DAYS + AMENDMENTS + 2 * 2500);
    expect(booking.terms.placeFees).toEqual({ afterHoursPickup: 2500, afterHoursDropoff: 2500 });
    const sek = (eur: number) => convertMinor(eur, booking.rate, 'SEK');
    expect(booking.totalAmount).toBe(sek(THREE_DAYS) + sek(AMENDMENTS) + 2 * sek(2500));
    // The desk's lines: the rental, the extra, then each key box line at its fee.
    const desk = await inject({ method: 'GET', url: `/api/operator-booking/${id}`, headers: admin });
    expect(desk.json().lines).toEqual([
      { item: 'rental', unit: sek(THREE_DAYS), quantity: 1, amount: sek(THREE_DAYS) },
      { item: 'amendments', unit: sek(AMENDMENTS), quantity: 1, amount: sek(AMENDMENTS) },
      { item: 'afterHoursPickup', unit: sek(2500), quantity: 1, amount: sek(2500) },
      { item: 'afterHoursDropoff', unit: sek(2500), quantity: 1, amount: sek(2500) },
    ]);
    const receipt = await inject({ method: 'GET', url: `/api/booking-receipt/${id}`, headers: driver });
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('Key box at pick-up (after hours)');
    expect(text).toContain('Key box at drop-off (after hours)');
  });

  it('a change re-decides the fee: into the key box’s hours adds it, back into the opening hours takes it off', async () => {
    const id = await book(at('2027-03-15', '09:00'), at('2027-03-18', '09:00'));
    const change = (url: string, payload: object) =>
      inject({ method: 'POST', url: `/api/${url}/${id}`, headers: driver, payload });
    const late = { dropoffAt: at('2027-03-18', '19:00') };
    // The same three days, both ends now after hours: the two fees are the whole difference.
    const quote = await change('amendment-quote', { pickupAt: at('2027-03-15', '19:00'), ...late });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().difference.amount).toBe(2 * 2500);
    expect((await change('update-booking', { pickupAt: at('2027-03-15', '19:00'), ...late })).statusCode).toBe(200);
    const moved = await row(id);
    expect(moved.terms.placeFees).toEqual({ afterHoursPickup: 2500, afterHoursDropoff: 2500 });
    expect(moved.price).toBe(THREE_DAYS + AMENDMENTS + 2 * 2500);
    // A change of the extras alone keeps the fees.
    const extrasOnly = await change('amendment-quote', { extras: { theftProtection: true } });
    expect(extrasOnly.json().difference.amount).toBe(3 * 900);
    // Back into the opening hours: the fees go.
    const back = await change('update-booking', {
      pickupAt: at('2027-03-15', '09:00'),
      dropoffAt: at('2027-03-18', '09:00'),
    });
    expect(back.statusCode, back.body).toBe(200);
    const after = await row(id);
    expect(after.terms.placeFees).toBeUndefined();
    expect(after.price).toBe(THREE_DAYS + AMENDMENTS);
  });

  it('the walk-in charges it too', async () => {
    const { acceptTerms: _, ...fields } = guestDriver('keybox.walkin@example.com');
    const { paymentOption: _p, ...choices } = checkoutBody({
      pickupAt: at('2027-03-22', '06:30'),
      dropoffAt: at('2027-03-25', '06:30'),
    });
    const walkIn = await inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: admin,
      payload: { ...choices, customer: { kind: 'new', ...fields, language: 'en' }, payment: 'counter' },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const booking = await row(walkIn.json().bookingId);
    expect(booking.price).toBe(THREE_DAYS + 2 * 2500);
    expect(booking.terms.placeFees).toEqual({ afterHoursPickup: 2500, afterHoursDropoff: 2500 });
  });
});
