import { createHash } from 'node:crypto';
import type { CheckIn } from '@roam/contract/counter.schema';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { paymentRow } from '#test/booking-fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import {
  checkOutBody,
  insertCar,
  insertRental,
  LICENCE,
  parisAt,
  setClock,
  signatureDataUrl,
} from './counter.test-helpers.ts';

// Online check-in (docs/architecture.md §5 "After the booking"): from 48 hours before pick-up the driver gives the
// licence and signs the agreement; the desk is told; at the counter the check-out then needs only odometer, fuel and
// damage. And the no-show: after the pick-up and the grace, by the supplier's rule, the car free at once.

describe('online check-in and no-show', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let supplier: { cookie: string };
  let driver: { cookie: string };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Roam <no-reply@roam.example>' });
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
    driver = await signIn(t.db, DEMO_IDS.users.driver);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('checks in online and signs; the counter then needs only odometer, fuel and damage', async () => {
    const id = await insertRental(t, 15, 2, { carId: await insertCar(t) });
    const body = {
      licence: LICENCE,
      additionalDrivers: [{ fullName: 'Jonas Berg', ...LICENCE, licenseNumber: 'SE-998877', licenseCountry: 'SE' }],
      signature: { method: 'drawn', signerName: 'Camille Martin', image: await signatureDataUrl() },
    };
    setClock(t, new Date(parisAt(15).getTime() - 72 * 3600_000));
    const closed: CheckIn = (await t.app.inject({ method: 'GET', url: `/api/check-in/${id}`, headers: driver })).json();
    expect(closed.open).toBe(false);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/check-in/${id}`, headers: driver, payload: body })).statusCode,
    ).toBe(409);

    setClock(t, new Date(parisAt(15).getTime() - 30 * 3600_000));
    const stranger = await signIn(t.db, DEMO_IDS.users.driver2);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/check-in/${id}`, headers: stranger, payload: body })).statusCode,
    ).toBe(404);
    const draft = await t.app.inject({ method: 'GET', url: `/api/agreement-draft/${id}`, headers: driver });
    expect(await pdfText(draft.rawPayload)).toContain('Draft – not signed');

    const res = await t.app.inject({ method: 'POST', url: `/api/check-in/${id}`, headers: driver, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const state: CheckIn = res.json();
    expect(state).toMatchObject({
      open: true,
      licence: { licenseNumber: 'FR-12AB345' },
      additionalDrivers: [{ fullName: 'Jonas Berg' }],
    });
    expect(state.agreement).toMatchObject({ kind: 'agreement', version: 1, signatureMethod: 'drawn' });
    const pdf = await t.app.inject({ method: 'GET', url: state.agreement!.url, headers: driver });
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(state.agreement!.sha256);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Odometer and fuel are recorded when the car is handed over.');
    expect(text).toContain('Jonas Berg');
    const mail = await simpleParser(smtp.received.filter((m) => m.to.includes('driver@roam.localhost')).at(-1)!.raw);
    expect(mail.subject).toContain('Your rental agreement for the Renault Clio');
    const desk = await t.db.select().from(notifications).where(eq(notifications.bookingId, id));
    expect(desk.map((row) => [row.userId, row.kind])).toEqual([[DEMO_IDS.users.supplier, 'bookingCheckedIn']]);

    // The counter: no licence, no signature — the check-in's stand. The desk reads what the customer gave, to check
    // it by eye (the check-out screen's checked-in-licence.tsx).
    setClock(t, new Date(parisAt(15).getTime() - 3600_000));
    const view = (await t.app.inject({ method: 'GET', url: `/api/counter-booking/${id}`, headers: supplier })).json();
    expect(view.checkedInAt).not.toBeNull();
    const given = await t.app.inject({ method: 'GET', url: `/api/check-in/${id}`, headers: supplier });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      licence: { ...LICENCE, licenseCountry: 'FR' },
      additionalDrivers: [{ fullName: 'Jonas Berg', licenseNumber: 'SE-998877', licenseCountry: 'SE' }],
      agreement: { version: 1, sha256: state.agreement!.sha256 },
    });
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/check-out/${id}`,
      headers: supplier,
      payload: checkOutBody({ licence: undefined, signature: undefined, odometer: 777 }),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().checkOut).toMatchObject({
      licence: { ...LICENCE, licenseCountry: 'FR' },
      additionalDrivers: [{ fullName: 'Jonas Berg', licenseNumber: 'SE-998877' }],
      odometer: 777,
    });
    // The agreement signed online is the rental's: no second version drawn at the desk.
    const agreements = (out.json().documents as { kind: string; version: number; sha256: string }[]).filter(
      (document) => document.kind === 'agreement',
    );
    expect(agreements).toEqual([expect.objectContaining({ version: 1, sha256: state.agreement!.sha256 })]);
    expect(out.json().timeline.map((entry: { step: string }) => entry.step)).toEqual(['booked', 'checkedIn', 'onRent']);
    // Handed over: check-in is closed.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/check-in/${id}`, headers: driver, payload: body })).statusCode,
    ).toBe(409);
  });

  it('records a no-show after the grace by the supplier’s rule, refunds a paid booking, frees the car', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/update-counter-settings',
      headers: supplier,
      payload: { supplierId: DEMO_IDS.suppliers.azurCoast, noShowRule: 'fee', noShowFee: 3000, noShowGraceMinutes: 60 },
    });
    const id = await insertRental(t, 12, 2, {
      carId: await insertCar(t),
      status: 'paid',
      paymentOption: 'full',
      payNow: 11700,
      chargedAmount: 11700,
      paymentProvider: 'demo',
      paymentReference: 'demo_paid_no_show',
      paidAt: new Date(),
    });
    // What its payment's confirmation records beside it: the ledger's charge (docs/decisions/0009-the-money-ledger.md).
    const [paid] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    await t.db.insert(payments).values(paymentRow(paid!));
    setClock(t, new Date(parisAt(12).getTime() + 30 * 60_000));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/no-show/${id}`, headers: supplier, payload: {} })).statusCode,
    ).toBe(409);
    setClock(t, new Date(parisAt(12).getTime() + 61 * 60_000));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/no-show/${id}`,
      headers: supplier,
      payload: { note: 'No call' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rule: 'fee', fee: 3000, refunded: 8700, booking: { status: 'no_show' } });
    expect(res.json().booking.charges).toMatchObject([{ kind: 'no_show', amount: 3000 }]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'no_show', blocksCar: false });
    const mail = await simpleParser(smtp.received.filter((m) => m.to.includes('driver@roam.localhost')).at(-1)!.raw);
    expect(mail.text).toContain('a no-show fee of 30 € applies');
    // Once only.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/no-show/${id}`, headers: supplier, payload: {} })).statusCode,
    ).toBe(409);
  });
});
