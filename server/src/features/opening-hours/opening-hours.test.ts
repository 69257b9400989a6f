import type { OpeningHours } from '@roam/contract/opening-hours';
import { RENTAL_PERIOD_MESSAGES, zonedToInstant } from '@roam/contract/time';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A place's own opening hours through HTTP: the admin sets them; search, checkout, the walk-in and the amendment
// quote take only the times the place allows (or its key box's), and their refusals name that day's hours; the
// pickers' times come from the server; a place without hours keeps the site-wide rule.

const CDG = DEMO_IDS.locations.parisCdg;
const PARIS = 'Europe/Paris';
/** Sunday 28 March 2027: Paris springs forward at 02:00 (UTC+1 → UTC+2). */
const DST_DAY = '2027-03-28';
const at = (date: string, time: string) => zonedToInstant({ date, time }, PARIS).toISOString();
const day = (from: string, to: string) => [{ from, to }];

/** Weekdays 08:00–12:00 and 14:00–18:00, Saturday morning, Sunday 08:00–12:00; New Year's Day closed. */
const HOURS: OpeningHours = {
  weekly: {
    mon: [...day('08:00', '12:00'), ...day('14:00', '18:00')],
    tue: [...day('08:00', '12:00'), ...day('14:00', '18:00')],
    wed: [...day('08:00', '12:00'), ...day('14:00', '18:00')],
    thu: [...day('08:00', '12:00'), ...day('14:00', '18:00')],
    fri: [...day('08:00', '12:00'), ...day('14:00', '18:00')],
    sat: day('09:00', '12:00'),
    sun: day('08:00', '12:00'),
  },
  closures: [{ date: '2027-01-01', name: "New Year's Day" }],
  afterHours: null,
};

describe('opening hours per place', () => {
  let t: TestApp;
  let admin: { cookie: string };
  let driver: { cookie: string };
  let ip = 0;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.39.0.${++ip % 250}`, ...options });
  const setHours = (openingHours: OpeningHours | null, id = CDG) =>
    inject({ method: 'PUT', url: '/api/update-location', headers: admin, payload: { _id: id, openingHours } });
  const search = (pickupAt: string, dropoffAt: string) =>
    inject({
      method: 'POST',
      url: '/api/search-cars/1/5',
      payload: { pickupLocationId: CDG, dropoffLocationId: CDG, pickupAt, dropoffAt },
    });
  const checkout = (pickupAt: string, dropoffAt: string) =>
    inject({ method: 'POST', url: '/api/checkout', headers: driver, payload: checkoutBody({ pickupAt, dropoffAt }) });
  const times = (date: string, locationId = CDG) =>
    inject({ method: 'GET', url: `/api/opening-times?locationId=${locationId}&date=${date}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
  });
  afterAll(() => t.close());

  it('a place without hours keeps the site-wide rule: 23:30 refused, and the pickers are told so', async () => {
    const late = await search(at('2027-02-01', '23:30'), at('2027-02-04', '10:00'));
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.pickupAt).toEqual([RENTAL_PERIOD_MESSAGES.invalidPickupTime]);
    expect((await times('2027-02-01')).json()).toMatchObject({ ownHours: false, open: [], afterHours: [] });
  });

  it('the admin sets the hours; ranges out of order or overlapping are refused with their field', async () => {
    const reversed = await setHours({ ...HOURS, weekly: { ...HOURS.weekly, mon: day('18:00', '08:00') } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors['openingHours.weekly.mon.0.to']).toEqual([
      'The opening time must be earlier than the closing time.',
    ]);
    const overlapping = await setHours({
      ...HOURS,
      weekly: { ...HOURS.weekly, tue: [...day('08:00', '12:00'), ...day('11:00', '18:00')] },
    });
    expect(overlapping.json().fieldErrors['openingHours.weekly.tue.1.from']).toEqual(['These opening hours overlap.']);
    const twice = await setHours({ ...HOURS, closures: [...HOURS.closures, { date: '2027-01-01', name: 'Again' }] });
    expect(twice.json().fieldErrors['openingHours.closures.1.date']).toEqual(['This date is already in the list.']);
    const set = await setHours(HOURS);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().openingHours).toEqual(HOURS);
    // The customers' reading of the place carries them (the locations page shows them).
    const place = await inject({ method: 'GET', url: `/api/location/${CDG}` });
    expect(place.json().openingHours).toEqual(HOURS);
  });

  it('search takes only the open times; its refusal names that day’s hours; the site-wide 23:00 no longer applies', async () => {
    // Monday 1 February 2027, 12:30: the lunch break.
    const lunch = await search(at('2027-02-01', '12:30'), at('2027-02-04', '10:00'));
    expect(lunch.statusCode).toBe(400);
    expect(lunch.json().fieldErrors.pickupAt).toEqual([
      'The location is closed at this time. That day it is open 08:00–12:00, 14:00–18:00.',
    ]);
    // Saturday 6 February at 15:00: closed that afternoon, named as Saturday's morning.
    const saturday = await search(at('2027-02-01', '10:00'), at('2027-02-06', '15:00'));
    expect(saturday.json().fieldErrors).toEqual({
      dropoffAt: ['The location is closed at this time. That day it is open 09:00–12:00.'],
    });
    expect((await search(at('2027-02-01', '14:00'), at('2027-02-06', '12:00'))).statusCode).toBe(200);
  });

  it('on the DST day the hours are the place’s wall clock: 08:00 CEST is 06:00 UTC', async () => {
    const before = await search('2027-03-28T05:30:00.000Z', at('2027-03-31', '10:00'));
    expect(before.json().fieldErrors.pickupAt).toEqual([
      'The location is closed at this time. That day it is open 08:00–12:00.',
    ]);
    expect((await search('2027-03-28T06:00:00.000Z', at('2027-03-31', '10:00'))).statusCode).toBe(200);
    // 12:00 CEST is 10:00 UTC: 11:00 UTC (13:00) is past closing, though it would be 12:00 at winter's offset.
    expect((await search('2027-03-28T11:00:00.000Z', at('2027-03-31', '10:00'))).statusCode).toBe(400);
    const sunday = (await times(DST_DAY)).json();
    expect(sunday).toMatchObject({ ownHours: true, closure: null, afterHours: [], afterHoursFeeMinor: null });
    expect(sunday.open).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
  });

  it('a holiday closes the day with its name, at checkout and in the pickers', async () => {
    const holiday = await checkout(at('2027-01-01', '10:00'), at('2027-01-04', '10:00'));
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json().fieldErrors.pickupAt).toEqual(["The location is closed that day: New Year's Day."]);
    expect((await times('2027-01-01')).json()).toMatchObject({ open: [], closure: "New Year's Day", hours: '' });
    const booked = await checkout(at('2027-01-04', '08:00'), at('2027-01-07', '18:00'));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('the walk-in and a driver’s amendment quote are held to the same hours', async () => {
    const { acceptTerms: _, ...fields } = guestDriver('hours.walkin@example.com');
    const { paymentOption: _p, ...choices } = checkoutBody({
      pickupAt: at('2027-02-01', '19:00'),
      dropoffAt: at('2027-02-04', '10:00'),
    });
    const walkIn = await inject({
      method: 'POST',
      url: '/api/walk-in',
      headers: admin,
      payload: { ...choices, customer: { kind: 'new', ...fields, language: 'en' }, payment: 'counter' },
    });
    expect(walkIn.statusCode).toBe(400);
    expect(walkIn.json().fieldErrors.pickupAt).toEqual([
      'The location is closed at this time. That day it is open 08:00–12:00, 14:00–18:00.',
    ]);
    const booked = await inject({
      method: 'POST',
      url: '/api/checkout',
      headers: driver,
      payload: checkoutBody({
        pickupAt: at('2027-02-08', '09:00'),
        dropoffAt: at('2027-02-11', '09:00'),
        extras: { amendments: true },
      }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().bookingId as string;
    const quote = (dropoffAt: string) =>
      inject({ method: 'POST', url: `/api/amendment-quote/${id}`, headers: driver, payload: { dropoffAt } });
    const closed = await quote(at('2027-02-13', '16:00'));
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json().fieldErrors.dropoffAt).toEqual([
      'The location is closed at this time. That day it is open 09:00–12:00.',
    ]);
    expect((await quote(at('2027-02-13', '11:00'))).statusCode).toBe(200);
  });

  it('the key box takes any time outside the hours, its fee stored and told to the pickers', async () => {
    expect((await setHours({ ...HOURS, afterHours: { feeMinor: 2500 } })).statusCode).toBe(200);
    expect((await search(at('2027-02-01', '12:30'), at('2027-02-04', '22:00'))).statusCode).toBe(200);
    expect((await search(at('2027-01-01', '10:00'), at('2027-01-04', '10:00'))).statusCode).toBe(200);
    const monday = (await times('2027-02-01')).json();
    expect(monday).toMatchObject({ afterHoursFeeMinor: 2500, hours: '08:00–12:00, 14:00–18:00' });
    expect(monday.afterHours).toContain('12:30');
    expect(monday.open).not.toContain('12:30');
    expect(monday.open.length + monday.afterHours.length).toBe(48);
    // Back to none: the site-wide rule again.
    expect((await setHours(null)).json().openingHours).toBeNull();
    expect((await search(at('2027-02-01', '23:30'), at('2027-02-04', '10:00'))).statusCode).toBe(400);
  });

  it('offers a country’s national public holidays to the admin only, named in the language asked', async () => {
    const france = await inject({
      method: 'GET',
      url: '/api/public-holidays?country=FR&year=2027&language=fr',
      headers: admin,
    });
    expect(france.statusCode).toBe(200);
    expect(france.json()).toContainEqual({ date: '2027-07-14', name: 'Fête Nationale de la France' });
    const morocco = await inject({ method: 'GET', url: '/api/public-holidays?country=MA&year=2027', headers: admin });
    expect(morocco.json()).toContainEqual({ date: '2027-07-30', name: 'Feast of the Throne' });
    // Two holidays on one date are one closure naming both.
    expect(morocco.json().filter((h: { date: string }) => h.date === '2027-08-14')).toHaveLength(1);
    const unknown = await inject({ method: 'GET', url: '/api/public-holidays?country=XX&year=2027', headers: admin });
    expect(unknown.statusCode).toBe(404);
    const asDriver = await inject({ method: 'GET', url: '/api/public-holidays?country=FR&year=2027', headers: driver });
    expect(asDriver.statusCode).toBe(403);
  });
});
