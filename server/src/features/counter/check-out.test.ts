import { createHash } from 'node:crypto';
import type { CounterBooking } from '@roam/contract/counter.schema';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, carReadings, files, fleetVersion } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
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
  photoJpeg,
  photoUpload,
  setClock,
  signatureDataUrl,
} from './counter.test-helpers.ts';

// Check-out at the counter (docs/architecture.md §5 "After the booking"): the licence checked, the condition recorded
// with a photographed damage, the agreement signed on the pad, stored with its SHA-256 and e-mailed — its text read
// back — and the refusals: too early, not confirmed, an expired licence, a driver too young, a car still on rent.

describe('check-out', () => {
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

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: supplier, payload: payload as object });

  it('hands the car over: photo, damage, drawn signature; the agreement stored, hashed and e-mailed', async () => {
    const id = await insertRental(t, 30);
    setClock(t, new Date(parisAt(30).getTime() - 2 * 3600_000));

    const form = photoUpload(await photoJpeg(2));
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/counter-photo/${id}`,
      headers: { ...supplier, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json();
    expect(photo.size).toBeLessThanOrEqual(300 * 1024);
    expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(1600);

    const res = await post(
      `/api/check-out/${id}`,
      checkOutBody({
        odometer: 15230,
        fuel: { kind: 'eighths', eighths: 7 },
        damages: [{ zone: 'rearLeftDoor', severity: 'minor', note: 'Scratch 5 cm', photoFileIds: [photo._id] }],
        signature: { method: 'drawn', signerName: 'Camille Martin', image: await signatureDataUrl() },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const view: CounterBooking = res.json();
    expect(view.status).toBe('on_rent');
    expect(view.checkOut).toMatchObject({
      odometer: 15230,
      fuel: { kind: 'eighths', eighths: 7 },
      licence: { ...LICENCE, licenseCountry: 'FR' },
    });
    expect(view.damages).toMatchObject([{ zone: 'rearLeftDoor', foundAt: 'check_out', photos: [{ _id: photo._id }] }]);
    expect(view.timeline.map((entry) => entry.step)).toEqual(['booked', 'onRent']);
    expect(view.timeline[1]?.by?.name).toBe('Azur Coast Rentals');
    const [agreement] = view.documents;
    expect(agreement).toMatchObject({
      kind: 'agreement',
      version: 1,
      signerName: 'Camille Martin',
      signatureMethod: 'drawn',
    });

    // The stored PDF is what its hash names, and says what was agreed.
    const pdf = await t.app.inject({ method: 'GET', url: agreement!.url, headers: supplier });
    expect(pdf.statusCode).toBe(200);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(agreement!.sha256);
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      'Rental agreement',
      'Renault Clio',
      'Camille Martin',
      'FR-12AB345',
      '15230 km',
      '7/8 of the tank',
      'rear left door (minor): Scratch 5 cm',
      'Signed by Camille Martin',
    ]) {
      expect(text).toContain(words);
    }

    // The booking holds the car, the car's odometer follows, the audit names the operator.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'on_rent', blocksCar: true });
    const [car] = await t.db
      .select({ odometer: carReadings.odometer })
      .from(carReadings)
      .where(eq(carReadings.carId, DEMO_IDS.cars.clio));
    expect(car?.odometer).toBe(15230);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => entry.action)).toEqual(['checkOut']);

    // The customer's e-mail carries the very same bytes.
    const mail = smtp.received.filter((m) => m.to.includes('driver@roam.localhost')).at(-1);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toContain('Your rental of the Renault Clio has started');
    expect(parsed.attachments).toHaveLength(1);
    expect(createHash('sha256').update(parsed.attachments[0]!.content).digest('hex')).toBe(agreement!.sha256);

    // The photo is private: the driver and the operators read it, anyone else does not.
    const driver = await signIn(t.db, DEMO_IDS.users.driver);
    const stranger = await signIn(t.db, DEMO_IDS.users.driver2);
    expect((await t.app.inject({ method: 'GET', url: photo.url, headers: driver })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: photo.url, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${photo._id}` })).statusCode).toBe(404);
    const [stored] = await t.db
      .select({ kind: files.kind, contentType: files.contentType })
      .from(files)
      .where(eq(files.id, photo._id));
    expect(stored).toEqual({ kind: 'inspectionPhoto', contentType: 'image/jpeg' });

    // Checked out already: a second check-out is refused and changes nothing.
    const again = await post(`/api/check-out/${id}`, checkOutBody());
    expect(again.statusCode).toBe(409);
  });

  it('refuses before the window, an unconfirmed booking, an expired licence, a driver too young, no signature', async () => {
    const early = await insertRental(t, 40, 3, { carId: await insertCar(t) });
    setClock(t, new Date(parisAt(40).getTime() - 36 * 3600_000));
    expect((await post(`/api/check-out/${early}`, checkOutBody())).statusCode).toBe(409);

    setClock(t, new Date(parisAt(40).getTime() - 3600_000));
    const expired = await post(
      `/api/check-out/${early}`,
      checkOutBody({ licence: { ...LICENCE, licenseExpiresOn: parisAt(41).toISOString().slice(0, 10) } }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fieldErrors).toEqual({
      'licence.licenseExpiresOn': ['The driving licence expires before the drop-off.'],
    });
    const young = await post(
      `/api/check-out/${early}`,
      checkOutBody({ licence: { ...LICENCE, birthDate: '2015-01-01' } }),
    );
    expect(young.json().fieldErrors).toEqual({ 'licence.birthDate': ['The driver must be at least 21 years old.'] });
    const unsigned = await post(`/api/check-out/${early}`, checkOutBody({ signature: undefined }));
    expect(unsigned.json().fieldErrors).toEqual({ signature: ['The customer signs the rental agreement.'] });
    const battery = await post(`/api/check-out/${early}`, checkOutBody({ fuel: { kind: 'battery', percent: 80 } }));
    expect(battery.json().fieldErrors).toHaveProperty('fuel');
    const zone = await post(
      `/api/check-out/${early}`,
      checkOutBody({ damages: [{ zone: 'handlebar', severity: 'minor' }] }),
    );
    expect(zone.json().fieldErrors).toEqual({ 'damages.0.zone': ['Unknown position on this vehicle.'] });
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, early));
    expect(row?.status).toBe('reserved');

    const cancelled = await insertRental(t, 40, 2, {
      status: 'cancelled',
      blocksCar: false,
      carId: await insertCar(t),
    });
    expect((await post(`/api/check-out/${cancelled}`, checkOutBody())).statusCode).toBe(409);
  });

  it('refuses while another booking has the car on rent past its drop-off (409 CAR_STILL_ON_RENT)', async () => {
    const carId = await insertCar(t, { minimumAge: 25 });
    const late = await insertRental(t, 50, 2, { carId });
    setClock(t, new Date(parisAt(50).getTime() - 3600_000));
    const out = await post(
      `/api/check-out/${late}`,
      checkOutBody({ licence: { ...LICENCE, birthDate: '1980-01-01' } }),
    );
    expect(out.statusCode, out.body).toBe(200);
    // The next rental of the same car starts when the first should have come back; it has not.
    const next = await insertRental(t, 52, 2, { carId });
    setClock(t, new Date(parisAt(52).getTime() + 600_000));
    const refused = await post(
      `/api/check-out/${next}`,
      checkOutBody({ licence: { ...LICENCE, birthDate: '1980-01-01' } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAR_STILL_ON_RENT');
    const view = (await t.app.inject({ method: 'GET', url: `/api/counter-booking/${late}`, headers: supplier })).json();
    expect(view.overdue).toBe(true);
  });

  it('swaps the car for a free one of the same or a higher range, re-priced only when asked; the fleet untouched', async () => {
    const booked = await insertCar(t);
    const bigger = await insertCar(t, {
      name: 'Peugeot 5008',
      range: 'maxi',
      dailyPrice: 9900,
      hourlyPrice: null,
      biWeeklyPrice: null,
      weeklyPrice: null,
    });
    const smaller = await insertCar(t, { name: 'Fiat 500', range: 'mini', dailyPrice: 2900 });
    const id = await insertRental(t, 60, 2, { carId: booked, totalAmount: 7800, price: 7800 });
    const busy = await insertRental(t, 60, 1, { carId: smaller });
    expect(busy).toBeTruthy();
    setClock(t, new Date(parisAt(60).getTime() - 3600_000));
    const candidates = (
      await t.app.inject({ method: 'GET', url: `/api/counter-swap-cars/${id}`, headers: supplier })
    ).json();
    const ids = candidates.results.map((car: { _id: string }) => car._id);
    expect(ids).toContain(bigger);
    expect(ids).not.toContain(smaller);
    expect(candidates.results.find((car: { _id: string }) => car._id === bigger).repricedTotal).toBe(2 * 9900);

    const [version] = await t.db.select().from(fleetVersion);
    const refused = await post(`/api/check-out/${id}`, checkOutBody({ swap: { carId: smaller, reprice: false } }));
    expect(refused.json().fieldErrors).toEqual({ 'swap.carId': ['This car is not free for the booking period.'] });
    const res = await post(`/api/check-out/${id}`, checkOutBody({ swap: { carId: bigger, reprice: true } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      car: { _id: bigger },
      swappedFrom: { _id: booked, repriced: true },
      amounts: { total: 19800 },
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ carId: bigger, swappedFromCarId: booked, totalAmount: 19800 });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.find((entry) => entry.action === 'swapCar')?.changes).toMatchObject({
      totalAmount: { before: 7800, after: 19800 },
    });
    // A check-out is no change to what a search shows: the search index is not told to reload the fleet.
    expect(await t.db.select().from(fleetVersion)).toEqual([version]);
  });
});
