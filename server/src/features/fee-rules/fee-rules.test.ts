import { DEFAULT_CHARGE_RULES } from '@roam/contract/counter';
import type { FeeRules } from '@roam/contract/rental-fees';
import { zonedToInstant } from '@roam/contract/time';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, locations } from '#server/db/schema.ts';
import { DEMO_FEE_RULES } from '#server/db/seed/fee-rules.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The business's fees by rule through HTTP (docs/architecture.md §5 "Fees by rule"): its owner sets them, a
// checkout prices the driver's age band per day and the one-way fee as their own lines (contract rental-fees.ts),
// keeps them in the booking's terms, on the desk's lines and the receipt, a change re-prices them, a refused one-way
// rental is a field error naming the drop-off, and the counter does not charge a booked one-way fee again.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const { parisCdg: CDG, parisOrly: ORLY, stockholmCentral: STOCKHOLM } = DEMO_IDS.locations;
const at = (date: string, time = '10:00') => zonedToInstant({ date, time }, 'Europe/Paris').toISOString();
/** Three days of the demo Clio (35 € a day, its supplier's percentage 0). */
const THREE_DAYS = 10_500;

describe('fees by rule', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let admin: { cookie: string };
  let driver: { cookie: string };
  let ip = 0;
  let guests = 0;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.42.0.${++ip % 250}`, ...options });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  let rules: FeeRules;
  const setRules = (next: Partial<FeeRules>, headers = owner) =>
    inject({
      method: 'PUT',
      url: '/api/update-supplier-fee-rules',
      headers,
      payload: { supplierId: AZUR, ...rules, ...next },
    });
  /** A guest checkout of the Clio for three days at 10:00, a week of its own each, by a driver born on `birthDate`. */
  const guestBooking = (birthDate: string, more: Record<string, unknown> = {}) => {
    const start = new Date(Date.UTC(2027, 3, 5 + 7 * ++guests)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2027, 3, 8 + 7 * guests)).toISOString().slice(0, 10);
    return inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({
        driver: { ...guestDriver(`fees.guest${guests}@example.com`), birthDate },
        pickupAt: at(start),
        dropoffAt: at(end),
        ...more,
      } as never),
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const places = await t.db
      .select({ id: locations.id, countryId: locations.countryId })
      .from(locations)
      .where(inArray(locations.id, [CDG, STOCKHOLM]));
    const country = (id: string) => places.find((place) => place.id === id)!.countryId!;
    rules = {
      youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
      seniorDriver: { fromAge: 75, dailyFee: 800 },
      oneWayRefused: false,
      countryPairs: [{ fromCountryId: country(CDG), toCountryId: country(STOCKHOLM), fee: 15_000 }],
    };
    // The counter's one-way fee for the pair of places (its charge rules): the booking's too.
    const counter = await inject({
      method: 'PUT',
      url: '/api/update-counter-settings',
      headers: owner,
      payload: {
        supplierId: AZUR,
        chargeRules: { ...DEFAULT_CHARGE_RULES, oneWayFees: [{ fromLocationId: CDG, toLocationId: ORLY, fee: 9000 }] },
      },
    });
    expect(counter.statusCode, counter.body).toBe(200);
  });
  afterAll(() => t.close());

  it('the demo charges 21 to 24; a business without rules charges none; its owner sets them and reads them back', async () => {
    const demo = await inject({ method: 'GET', url: `/api/supplier-fee-rules/${AZUR}`, headers: owner });
    expect(demo.json()).toEqual(DEMO_FEE_RULES);
    const none = { youngDriver: [], seniorDriver: null, oneWayRefused: false, countryPairs: [] };
    expect((await setRules(none)).statusCode).toBe(200);
    const young = await guestBooking('2005-06-01');
    expect(young.statusCode, young.body).toBe(201);
    expect((await row(young.json().bookingId)).price).toBe(THREE_DAYS);

    const set = await setRules({});
    expect(set.statusCode, set.body).toBe(200);
    const read = await inject({ method: 'GET', url: `/api/supplier-fee-rules/${AZUR}`, headers: owner });
    expect(read.json()).toEqual(rules);
  });

  it('refuses overlapping bands and an age under 18 as field errors', async () => {
    const bad = await setRules({
      youngDriver: [
        { fromAge: 21, toAge: 24, dailyFee: 1200 },
        { fromAge: 24, toAge: 25, dailyFee: 500 },
      ],
      seniorDriver: { fromAge: 16, dailyFee: 800 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['youngDriver.1.fromAge', 'seniorDriver.fromAge']),
    );
  });

  it('a 21-year-old pays the young-driver fee per day and the pair of places’ one-way fee, each its own line', async () => {
    const res = await guestBooking('2005-06-01', { dropoffLocationId: ORLY, currency: 'SEK' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    const booking = await row(id);
    expect(booking.terms.rentalFees).toEqual({ youngDriver: 1200, oneWay: 9000 });
    expect(booking.price).toBe(THREE_DAYS + 3 * 1200 + 9000);
    const desk = await inject({ method: 'GET', url: `/api/operator-booking/${id}`, headers: admin });
    const lines = desk.json().lines as { item: string; unit: number; quantity: number; amount: number }[];
    expect(lines.map(({ item, quantity }) => [item, quantity])).toEqual([
      ['rental', 1],
      ['youngDriver', 3],
      ['oneWay', 1],
    ]);
    for (const line of lines) expect(line.amount).toBe(line.unit * line.quantity);
    expect(booking.totalAmount).toBe(lines.reduce((sum, line) => sum + line.amount, 0));
  });

  it('a senior pays the senior band; the ages between pay nothing; the pair of countries prices a one-way rental', async () => {
    const senior = await guestBooking('1950-01-01', { dropoffLocationId: STOCKHOLM });
    expect(senior.statusCode, senior.body).toBe(201);
    const booking = await row(senior.json().bookingId);
    expect(booking.terms.rentalFees).toEqual({ seniorDriver: 800, oneWay: 15_000 });
    expect(booking.price).toBe(THREE_DAYS + 3 * 800 + 15_000);
    const middle = await guestBooking('1990-01-01');
    expect((await row(middle.json().bookingId)).terms.rentalFees).toBeUndefined();
  });

  it('the signed-in driver’s receipt lists the one-way fee; a change back to the pick-up place takes it off', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({
        pickupAt: at('2028-01-10'),
        dropoffAt: at('2028-01-13'),
        dropoffLocationId: ORLY,
        extras: { amendments: true },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    const receipt = await inject({ method: 'GET', url: `/api/booking-receipt/${id}`, headers: driver });
    expect(await pdfText(receipt.rawPayload)).toContain('One-way fee');
    const change = (url: string, payload: object) =>
      inject({ method: 'POST', url: `/api/${url}/${id}`, headers: driver, payload });
    // Back where it was picked up: the one-way fee is the whole difference.
    const back = await change('amendment-quote', { dropoffLocationId: CDG });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().difference.amount).toBe(-9000);
    expect((await change('update-booking', { dropoffLocationId: CDG })).statusCode).toBe(200);
    expect((await row(id)).terms.rentalFees).toBeUndefined();
  });

  it('a day more costs the daily fee more: never more for fewer days', async () => {
    const longerBy = async (birthDate: string) => {
      const res = await guestBooking(birthDate, { extras: { amendments: true } });
      expect(res.statusCode, res.body).toBe(201);
      const booking = await row(res.json().bookingId);
      const dropoffAt = new Date(booking.dropoffAt.getTime() + 24 * 3600_000).toISOString();
      const quote = await inject({
        method: 'POST',
        url: `/api/amendment-quote/${booking.id}`,
        headers: await signIn(t.db, booking.driverId),
        payload: { dropoffAt },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      return quote.json().difference.amount as number;
    };
    const young = await longerBy('2005-06-01');
    const middle = await longerBy('1990-01-01');
    expect(young).toBeGreaterThan(0);
    expect(young - middle).toBe(1200);
  });

  it('a business that takes no one-way rental refuses it, naming the drop-off; the same place is booked', async () => {
    expect((await setRules({ oneWayRefused: true })).statusCode).toBe(200);
    const refused = await guestBooking('1990-01-01', { dropoffLocationId: ORLY });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      dropoffLocationId: ['This car must be returned where it was picked up.'],
    });
    expect((await guestBooking('1990-01-01')).statusCode).toBe(201);
    expect((await setRules({ oneWayRefused: false })).statusCode).toBe(200);
  });

  it('another business’s owner may neither read nor change them', async () => {
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    expect((await inject({ method: 'GET', url: `/api/supplier-fee-rules/${AZUR}`, headers: kestrel })).statusCode).toBe(
      403,
    );
    expect((await setRules({}, kestrel)).statusCode).toBe(403);
  });
});
