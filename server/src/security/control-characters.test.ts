import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { type Actor, createSecurityApp, GOOD_RECAPTCHA, type SecurityApp } from '#test/security-app.ts';

// The second outside audit, item 9: a NUL byte in a text field answered 500 on 13 routes (PostgreSQL cannot store it
// in text), and the 500 wrote the failed SQL with its parameters — names, e-mail addresses — to the log. Each route
// now answers 400 with the field named (contract/src/text.ts), and an error's log line carries no parameter.

const EVIL = 'Evil\u0000name';
const SECRET_EMAIL = 'nul.byte.person@example.com';

type Case = { route: string; who: Actor; field: string; request: () => InjectOptions | Promise<InjectOptions> };

describe('security: control characters in text fields (second audit, item 9)', () => {
  let t: SecurityApp;
  const driverBooking = async () => {
    const [row] = await t.db
      .insert(bookings)
      .values(bookingRow(period(150, 2), { driverId: DEMO_ACCOUNTS.driver.id, status: 'pending', amendments: true }))
      .returning({ id: bookings.id });
    return row!.id;
  };
  const block = async () => {
    const [row] = await t.db
      .insert(bookings)
      .values(
        bookingRow(period(160, 1), {
          kind: 'block',
          blockReason: 'maintenance',
          driverId: DEMO_IDS.suppliers.azurCoast,
        }),
      )
      .returning({ id: bookings.id });
    return row!.id;
  };
  const { acceptTerms: _accept, ...customer } = guestDriver(SECRET_EMAIL);
  const { paymentOption: _option, ...deskChoices } = checkoutBody({}, 170);

  const CASES: Case[] = [
    {
      route: 'POST /api/sign-up',
      who: 'anonymous',
      field: 'fullName',
      request: () => ({
        method: 'POST',
        url: '/api/sign-up',
        payload: {
          fullName: EVIL,
          email: SECRET_EMAIL,
          phone: '+33 6 12 34 56 78',
          birthDate: '1990-05-06',
          password: 'Nul-pass-2026!',
          tosAccepted: true,
          recaptchaToken: GOOD_RECAPTCHA,
        },
      }),
    },
    {
      route: 'POST /api/send-email',
      who: 'anonymous',
      field: 'fullName',
      request: () => ({
        method: 'POST',
        url: '/api/send-email',
        payload: {
          fullName: EVIL,
          email: SECRET_EMAIL,
          subject: 'Hi',
          message: 'Hello',
          recaptchaToken: GOOD_RECAPTCHA,
        },
      }),
    },
    {
      route: 'POST /api/checkout (a guest)',
      who: 'anonymous',
      field: 'driver.fullName',
      request: () => ({
        method: 'POST',
        url: '/api/checkout',
        payload: { ...checkoutBody({}, 180), driver: { ...guestDriver(SECRET_EMAIL), fullName: EVIL } },
      }),
    },
    {
      route: 'POST /api/walk-in',
      who: 'supplier',
      field: 'customer.fullName',
      request: () => ({
        method: 'POST',
        url: '/api/walk-in',
        payload: {
          ...deskChoices,
          payment: 'counter',
          customer: { kind: 'new', ...customer, fullName: EVIL, language: 'en' },
        },
      }),
    },
    {
      route: 'POST /api/update-user',
      who: 'driver',
      field: 'fullName',
      request: () => ({
        method: 'POST',
        url: '/api/update-user',
        payload: { _id: DEMO_ACCOUNTS.driver.id, fullName: EVIL },
      }),
    },
    {
      route: 'PUT /api/update-supplier',
      who: 'supplier',
      field: 'fullName',
      request: () => ({
        method: 'PUT',
        url: '/api/update-supplier',
        payload: { _id: DEMO_ACCOUNTS.supplier.id, fullName: EVIL },
      }),
    },
    {
      route: 'PUT /api/update-car',
      who: 'supplier',
      field: 'name',
      request: () => ({ method: 'PUT', url: '/api/update-car', payload: { _id: DEMO_IDS.cars.clio, name: EVIL } }),
    },
    {
      route: 'PUT /api/update-car-block',
      who: 'supplier',
      field: 'note',
      request: async () => ({
        method: 'PUT',
        url: '/api/update-car-block',
        payload: { _id: await block(), note: EVIL },
      }),
    },
    {
      route: 'POST /api/update-booking/{id} (the additional driver)',
      who: 'driver',
      field: 'additionalDriver.fullName',
      request: async () => ({
        method: 'POST',
        url: `/api/update-booking/${await driverBooking()}`,
        payload: {
          extras: { additionalDriver: true },
          additionalDriver: { ...customer, fullName: EVIL },
        },
      }),
    },
    {
      route: 'POST /api/bookings/{page}/{size} (keyword)',
      who: 'driver',
      field: 'keyword',
      request: () => ({ method: 'POST', url: '/api/bookings/1/10', payload: { keyword: EVIL } }),
    },
    {
      route: 'POST /api/users/{page}/{size} (keyword)',
      who: 'admin',
      field: 'keyword',
      request: () => ({ method: 'POST', url: '/api/users/1/10', payload: { keyword: EVIL } }),
    },
    {
      route: 'POST /api/create-country',
      who: 'admin',
      field: 'names.en',
      request: () => ({
        method: 'POST',
        url: '/api/create-country',
        payload: { code: 'QZ', names: { en: EVIL, fr: 'Pays', es: 'País', se: 'Land', de: 'Land' } },
      }),
    },
  ];

  beforeAll(async () => {
    t = await createSecurityApp();
  });
  afterAll(() => t.close());

  it.each(CASES.map((c) => [c.route, c] as const))('%s answers 400 naming the field, never 500', async (_r, c) => {
    const request = await c.request();
    const res = await t.inject({ ...request, headers: { ...(await t.as(c.who)) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { [c.field]: [expect.any(String)] } });
  });

  it('refuses the other control characters in one-line fields, keeps line breaks in a message', async () => {
    for (const name of ['Tab\there', 'Bell\u0007', 'Esc\u001b[31m', 'Del\u007f', 'C1\u0085']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/update-user',
        headers: await t.as('driver'),
        payload: { _id: DEMO_ACCOUNTS.driver.id, fullName: name },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
    }
    const message = await t.inject({
      method: 'POST',
      url: '/api/send-email',
      payload: {
        fullName: 'Lou Lines',
        email: 'lou.lines@example.com',
        subject: 'Two lines',
        message: 'First line,\r\n\tsecond line.',
        recaptchaToken: GOOD_RECAPTCHA,
      },
    });
    expect(message.statusCode, message.body).toBe(200);
  });

  it('logs no name or e-mail address of a failed query', () => {
    const errors = t.logLines.filter((line) => /"level":50/.test(line));
    expect(errors.filter((line) => line.includes(SECRET_EMAIL) || line.includes('Evil'))).toEqual([]);
  });
});
