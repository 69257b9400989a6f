import { createHash } from 'node:crypto';
import type { CounterBooking, ReturnQuote } from '@roam/contract/counter.schema';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, carReadings } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { pdfText } from '#test/pdf-text.ts';
import { signIn } from '#test/sign-in.ts';
import { startSmtpCapture } from '#test/smtp-capture.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import {
  checkOutBody,
  insertCar,
  insertRental,
  parisAt,
  photoJpeg,
  photoUpload,
  setClock,
} from './counter.test-helpers.ts';

// The return (docs/architecture.md §5 "After the booking"): 3/8 less fuel, 250 km over the allowance, 70 minutes
// late and a new damage with a photo give four charges by the supplier's rules and the car's overrides, each with its
// computation; quoted, then confirmed with the quote's total; the condition report stored and e-mailed. Then a charge
// waived with a reason and a toll added — and refused 90 days on.

const DAY = 24 * 3600_000;

describe('return', () => {
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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: supplier, ...(payload ? { payload: payload as object } : {}) });

  it('quotes the charges line by line, then records them with the quote’s total; the report e-mailed', async () => {
    const settings = await call('PUT', '/api/update-counter-settings', {
      supplierId: DEMO_IDS.suppliers.azurCoast,
      chargeRules: {
        fuelPricePerLitre: 200,
        refuellingFee: 1500,
        defaultTankLitres: 50,
        batteryPricePerPercent: 40,
        pricePerExtraKm: 30,
        lateGraceMinutes: 29,
        latePricePerHour: 1500,
        cleaningFee: 4000,
        oneWayFee: null,
        oneWayFees: [],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const carId = await insertCar(t, { mileage: 200, fuelPolicy: 'fullToFull' });
    const rules = await call('PUT', '/api/update-car-charge-rules', {
      carId,
      tankLitres: 60,
      overrides: { pricePerExtraKm: 20 },
    });
    expect(rules.statusCode, rules.body).toBe(200);

    const id = await insertRental(t, 20, 3, { carId, totalAmount: 15000, price: 15000 });
    setClock(t, new Date(parisAt(20).getTime() - 3600_000));
    const out = await call(
      'POST',
      `/api/check-out/${id}`,
      checkOutBody({ odometer: 20000, fuel: { kind: 'eighths', eighths: 8 } }),
    );
    expect(out.statusCode, out.body).toBe(200);

    const dropoffAt = new Date(parisAt(20).getTime() + 3 * DAY);
    setClock(t, new Date(dropoffAt.getTime() + 75 * 60_000));
    const form = photoUpload(await photoJpeg(2));
    const photo = (
      await t.app.inject({
        method: 'POST',
        url: `/api/counter-photo/${id}`,
        headers: { ...supplier, ...form.headers },
        payload: form.payload,
      })
    ).json();
    const readings = {
      odometer: 20000 + 600 + 250,
      fuel: { kind: 'eighths', eighths: 5 },
      returnedAt: new Date(dropoffAt.getTime() + 70 * 60_000).toISOString(),
      damages: [{ zone: 'frontBumper', severity: 'moderate', note: 'Dent', photoFileIds: [photo._id], amount: 18000 }],
    };
    const quoted = await call('POST', `/api/return-quote/${id}`, readings);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote: ReturnQuote = quoted.json();
    // Fuel 3/8 × 60 l = 22.5 l × 2 € = 45 € + 15 €; 250 km × 0.20 € (the car's override); 2 started hours × 15 €.
    expect(quote.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['fuel', 4500 + 1500],
      ['mileage', 5000],
      ['late', 3000],
      ['damage', 18000],
    ]);
    expect(quote.total).toBe(6000 + 5000 + 3000 + 18000);
    expect(quote.lines[0]!.computation.lines.find((line) => line.key === 'missingLitres')?.value).toBe(22.5);
    expect(quote.lines[0]!.vatRate).toBe(20);

    // A total the operator did not see is refused; the quoted one records the return.
    expect((await call('POST', `/api/return/${id}`, { ...readings, expectedTotal: quote.total - 1 })).statusCode).toBe(
      409,
    );
    const back = await call('POST', `/api/return/${id}`, { ...readings, expectedTotal: quote.total });
    expect(back.statusCode, back.body).toBe(200);
    const view: CounterBooking = back.json();
    expect(view.status).toBe('returned');
    expect(view.charges.map((charge) => charge.amount)).toEqual([6000, 5000, 3000, 18000]);
    expect(view.charges[3]?.note).toBe('Dent');
    expect(view.damages.map((damage) => [damage.zone, damage.foundAt])).toEqual([['frontBumper', 'return']]);
    expect(view.timeline.map((entry) => entry.step)).toEqual(['booked', 'onRent', 'returned']);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'returned', blocksCar: false });
    const [car] = await t.db
      .select({ odometer: carReadings.odometer })
      .from(carReadings)
      .where(eq(carReadings.carId, carId));
    expect(car?.odometer).toBe(20850);

    const report = view.documents.find((doc) => doc.kind === 'condition_report')!;
    const pdf = await call('GET', report.url);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(report.sha256);
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      'Condition report',
      '20000 km',
      '20850 km',
      '8/8 of the tank',
      '5/8 of the tank',
      'front bumper (moderate): Dent',
      'Missing fuel: 22.5 l',
      'Late return: 30 €',
    ]) {
      expect(text).toContain(words);
    }
    const mail = smtp.received.filter((m) => m.to.includes('driver@roam.localhost')).at(-1);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toContain('You have returned the');
    expect(parsed.text).toContain('Charges at return: 320 €.');
    expect(createHash('sha256').update(parsed.attachments[0]!.content).digest('hex')).toBe(report.sha256);

    // Returned already: the other operator's return is refused.
    expect((await call('POST', `/api/return/${id}`, readings)).statusCode).toBe(409);

    // Waived with a reason, audited; waived twice: 409.
    const late = view.charges.find((charge) => charge.kind === 'late')!;
    const waived = await call('POST', `/api/waive-charge/${late._id}`, { reason: 'Traffic on the ring road' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().charges.find((charge: { _id: string }) => charge._id === late._id).waived.reason).toBe(
      'Traffic on the ring road',
    );
    expect((await call('POST', `/api/waive-charge/${late._id}`, { reason: 'again' })).statusCode).toBe(409);

    // A toll later; after 90 days, no more.
    const toll = await call('POST', `/api/add-charge/${id}`, { kind: 'toll', amount: 870, note: 'A1 toll, 12 March' });
    expect(toll.statusCode, toll.body).toBe(200);
    expect(toll.json().charges.at(-1)).toMatchObject({ kind: 'toll', amount: 870, note: 'A1 toll, 12 March' });
    const tollMail = await simpleParser(
      smtp.received.filter((m) => m.to.includes('driver@roam.localhost')).at(-1)!.raw,
    );
    expect(tollMail.text).toContain('Toll, 8.70 €');
    setClock(t, new Date(dropoffAt.getTime() + 91 * DAY));
    expect(
      (await call('POST', `/api/add-charge/${id}`, { kind: 'fine', amount: 9000, note: 'Speeding' })).statusCode,
    ).toBe(409);

    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['addCharge', 'checkOut', 'return', 'waiveCharge']);
  });

  it('refuses readings it cannot take: the odometer going back, a return before the check-out', async () => {
    const carId = await insertCar(t);
    const id = await insertRental(t, 25, 2, { carId });
    setClock(t, new Date(parisAt(25).getTime() - 3600_000));
    await call('POST', `/api/check-out/${id}`, checkOutBody({ odometer: 5000 }));
    setClock(t, new Date(parisAt(25).getTime() + 2 * DAY));
    const backwards = await call('POST', `/api/return-quote/${id}`, {
      odometer: 4000,
      fuel: { kind: 'eighths', eighths: 8 },
    });
    expect(backwards.json().fieldErrors).toEqual({ odometer: ['The odometer cannot be lower than at check-out.'] });
    const before = await call('POST', `/api/return-quote/${id}`, {
      odometer: 5100,
      fuel: { kind: 'eighths', eighths: 8 },
      returnedAt: new Date(parisAt(25).getTime() - 5 * 3600_000).toISOString(),
    });
    expect(before.json().fieldErrors).toEqual({ returnedAt: ['The return cannot be before the check-out.'] });
    const none = await call('POST', `/api/return-quote/${id}`, {
      odometer: 5100,
      fuel: { kind: 'eighths', eighths: 8 },
    });
    expect(none.json()).toMatchObject({ lines: [], total: 0 });
  });
});
