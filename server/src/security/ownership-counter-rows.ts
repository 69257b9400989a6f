import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  bookingCharges,
  bookingDocuments,
  bookings,
  carLocations,
  cars,
  files,
  inspections,
  payments,
} from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow } from '#test/booking-fixtures.ts';
import { multipart } from '#test/multipart.ts';
import { BOOKING, type Expected, OPERATOR, type Row } from './ownership-matrix.ts';

// The counter's calls in the ownership matrix (docs/architecture.md §5 "After the booking"): a supplier's operators on
// its own bookings, the admin on all; another supplier's booking does not exist for them (404), a driver is refused
// the operator calls (403). The booking's side — its documents, photos, online check-in — is its driver's too. Each
// call that changes its record gets a booking of its own, on a car of its own, at the time its rule needs.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const HOUR = 3600_000;
/** A supplier's settings or a car: another supplier is refused (403), as for its profile and cars. */
const OPERATED: Expected = { ...OPERATOR, otherSupplier: 403 };
/** Online check-in is the driver's own: the booking's operators are refused (403). */
const DRIVER_ONLY: Expected = { ...BOOKING, operatingSupplier: 403, admin: 403 };

export function counterRows(db: () => Db): Row[] {
  /** A Clio of Azur Coast's of its own, at Paris CDG. */
  const freshCar = async () => {
    const [clio] = await db().select().from(cars).where(eq(cars.id, DEMO_IDS.cars.clio));
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = clio!;
    const [row] = await db()
      .insert(cars)
      .values({ ...rest, licensePlate: null })
      .returning({ id: cars.id });
    await db().insert(carLocations).values({ carId: row!.id, locationId: DEMO_IDS.locations.parisCdg });
    return row!.id;
  };
  /** A booking of the fixture's driver on a fresh car, picked up `fromNow` ms from now, for two days. */
  const rental = async (driverId: string, fromNow: number, values: Partial<typeof bookings.$inferInsert> = {}) => {
    const pickupAt = new Date(Date.now() + fromNow);
    const carId = await freshCar();
    const [row] = await db()
      .insert(bookings)
      .values(
        bookingRow({ pickupAt, dropoffAt: new Date(pickupAt.getTime() + 48 * HOUR) }, { driverId, carId, ...values }),
      )
      .returning({ id: bookings.id, carId: bookings.carId });
    return row!;
  };
  /** On rent since an hour ago, its check-out recorded. */
  const onRent = async (
    driverId: string,
    status: 'on_rent' | 'returned' = 'on_rent',
    values: Partial<typeof bookings.$inferInsert> = {},
  ) => {
    const booking = await rental(driverId, -HOUR, { status, blocksCar: status === 'on_rent', ...values });
    const base = { bookingId: booking.id, carId: booking.carId, locationId: DEMO_IDS.locations.parisCdg };
    await db()
      .insert(inspections)
      .values({ ...base, kind: 'check_out', at: new Date(Date.now() - HOUR), odometer: 1000, fuelEighths: 8 });
    if (status === 'returned') {
      await db()
        .insert(inspections)
        .values({ ...base, kind: 'return', at: new Date(), odometer: 1200, fuelEighths: 8 });
    }
    return booking.id;
  };
  const privateFile = async (bookingId: string, kind: 'inspectionPhoto' | 'document') => {
    const [row] = await db()
      .insert(files)
      .values({
        kind,
        bookingId,
        contentType: kind === 'document' ? 'application/pdf' : 'image/jpeg',
        size: 4,
        bytes: Buffer.from('%PDF'),
      })
      .returning({ id: files.id });
    return row!.id;
  };
  const readings = { odometer: 1300, fuel: { kind: 'eighths', eighths: 8 } };
  /** Callers refused share a fixture: each document they ask for is a version of its own. */
  let version = 0;

  return [
    {
      call: 'GET /api/counter-booking/{id}',
      expected: OPERATOR,
      request: (f) => ({ method: 'GET', url: `/api/counter-booking/${f.bookingId}` }),
    },
    {
      call: 'GET /api/counter-swap-cars/{id}',
      expected: OPERATOR,
      request: (f) => ({ method: 'GET', url: `/api/counter-swap-cars/${f.bookingId}` }),
    },
    {
      call: 'POST /api/counter-photo/{id}',
      expected: { ...OPERATOR, operatingSupplier: 201, admin: 201 },
      request: (f) => {
        const form = multipart('photo', 'car.png', 'image/png', PNG);
        return {
          method: 'POST',
          url: `/api/counter-photo/${f.bookingId}`,
          payload: form.payload,
          headers: form.headers,
        };
      },
    },
    {
      call: 'POST /api/check-out/{id}',
      expected: OPERATOR,
      request: async (f) => ({
        method: 'POST',
        url: `/api/check-out/${(await rental(f.userId, HOUR)).id}`,
        payload: {
          licence: {
            licenseNumber: 'X1234',
            licenseCountry: 'FR',
            licenseExpiresOn: '2040-01-01',
            birthDate: '1990-01-01',
          },
          odometer: 1000,
          fuel: { kind: 'eighths', eighths: 8 },
          signature: { method: 'typed', signerName: 'Owner', consent: true },
        },
      }),
    },
    {
      call: 'POST /api/return-quote/{id}',
      expected: OPERATOR,
      request: async (f) => ({ method: 'POST', url: `/api/return-quote/${await onRent(f.userId)}`, payload: readings }),
    },
    {
      call: 'POST /api/return/{id}',
      expected: OPERATOR,
      request: async (f) => ({ method: 'POST', url: `/api/return/${await onRent(f.userId)}`, payload: readings }),
    },
    {
      call: 'POST /api/add-charge/{id}',
      expected: OPERATOR,
      request: async (f) => ({
        method: 'POST',
        url: `/api/add-charge/${await onRent(f.userId, 'returned')}`,
        payload: { kind: 'toll', amount: 500, note: 'Toll' },
      }),
    },
    {
      call: 'POST /api/waive-charge/{id}',
      expected: OPERATOR,
      request: async (f) => {
        const bookingId = await onRent(f.userId, 'returned');
        const [charge] = await db()
          .insert(bookingCharges)
          .values({
            bookingId,
            kind: 'cleaning',
            amount: 4000,
            currency: 'EUR',
            vatRate: 20,
            computation: {
              kind: 'cleaning',
              lines: [{ key: 'cleaningFee', value: 4000, unit: 'money' }],
              amount: 4000,
              currency: 'EUR',
            },
          })
          .returning({ id: bookingCharges.id });
        return { method: 'POST', url: `/api/waive-charge/${charge!.id}`, payload: { reason: 'Goodwill' } };
      },
    },
    {
      call: 'POST /api/no-show/{id}',
      expected: OPERATOR,
      request: async (f) => ({
        method: 'POST',
        url: `/api/no-show/${(await rental(f.userId, -3 * HOUR)).id}`,
        payload: {},
      }),
    },
    {
      call: 'POST /api/counter-payment/{id}',
      expected: OPERATOR,
      request: async (f) => ({
        method: 'POST',
        url: `/api/counter-payment/${await onRent(f.userId, 'returned')}`,
        payload: { key: `matrix-${++version}-payment`, method: 'cash', amount: 500 },
      }),
    },
    {
      call: 'POST /api/close-booking/{id}',
      expected: OPERATOR,
      // Returned with nothing to pay: its balance is 0, so whoever may close it does.
      request: async (f) => ({
        method: 'POST',
        url: `/api/close-booking/${await onRent(f.userId, 'returned', { totalAmount: 0, price: 0 })}`,
      }),
    },
    {
      call: 'POST /api/counter-refund/{id}',
      expected: OPERATOR,
      // Returned, 10 € paid online beyond its 5 € total: the demo gateway gives the 5 € back.
      request: async (f) => {
        const bookingId = await onRent(f.userId, 'returned', { totalAmount: 500, price: 500 });
        await db()
          .insert(payments)
          .values({
            bookingId,
            supplierId: AZUR,
            kind: 'charge',
            purpose: 'rental',
            provider: 'demo',
            providerReference: `demo_matrix_${bookingId}`,
            idempotencyKey: `booking-${bookingId}`,
            amount: 1000,
            currency: 'EUR',
            status: 'succeeded',
            settledAt: new Date(),
          });
        return { method: 'POST', url: `/api/counter-refund/${bookingId}` };
      },
    },
    {
      call: 'POST /api/send-balance-link/{id}',
      expected: OPERATOR,
      // Returned with its 5 € total unpaid: the customer is e-mailed a link to pay it online.
      request: async (f) => ({
        method: 'POST',
        url: `/api/send-balance-link/${await onRent(f.userId, 'returned', { totalAmount: 500, price: 500 })}`,
      }),
    },
    {
      call: 'POST /api/counter-desk-refund/{id}',
      expected: OPERATOR,
      // Returned, 10 € paid at the desk beyond its 5 € total: the desk hands 5 € back in cash.
      request: async (f) => {
        const bookingId = await onRent(f.userId, 'returned', { totalAmount: 500, price: 500 });
        await db()
          .insert(payments)
          .values({
            bookingId,
            supplierId: AZUR,
            kind: 'counter',
            purpose: 'rental',
            provider: 'counter',
            method: 'cash',
            idempotencyKey: `counter-${bookingId}-matrix`,
            amount: 1000,
            currency: 'EUR',
            status: 'succeeded',
            settledAt: new Date(),
          });
        return {
          method: 'POST',
          url: `/api/counter-desk-refund/${bookingId}`,
          payload: { key: `matrix-${++version}-refund`, method: 'cash', amount: 500 },
        };
      },
    },
    {
      call: 'POST /api/counter-deposit/{id}',
      expected: OPERATOR,
      // On rent, its 500 € deposit not held: the desk takes 300 € in cash.
      request: async (f) => ({
        method: 'POST',
        url: `/api/counter-deposit/${await onRent(f.userId)}`,
        payload: { key: `matrix-${++version}-deposit`, method: 'cash', amount: 30000 },
      }),
    },
    {
      call: 'GET /api/counter-settings/{id}',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/counter-settings/${AZUR}` }),
    },
    {
      call: 'PUT /api/update-counter-settings',
      expected: OPERATED,
      request: () => ({
        method: 'PUT',
        url: '/api/update-counter-settings',
        payload: { supplierId: AZUR, earlyCheckOutHours: 2 },
      }),
    },
    {
      call: 'GET /api/supplier-fee-rules/{id}',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/supplier-fee-rules/${AZUR}` }),
    },
    {
      call: 'PUT /api/update-supplier-fee-rules',
      expected: OPERATED,
      request: () => ({
        method: 'PUT',
        url: '/api/update-supplier-fee-rules',
        payload: { supplierId: AZUR, youngDriver: [], seniorDriver: null, oneWayRefused: false, countryPairs: [] },
      }),
    },
    {
      call: 'GET /api/car-charge-rules/{id}',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/car-charge-rules/${DEMO_IDS.cars.clio}` }),
    },
    {
      call: 'PUT /api/update-car-charge-rules',
      expected: OPERATED,
      request: () => ({
        method: 'PUT',
        url: '/api/update-car-charge-rules',
        payload: { carId: DEMO_IDS.cars.clio, tankLitres: 45 },
      }),
    },
    {
      call: 'GET /api/check-in/{id}',
      expected: BOOKING,
      request: (f) => ({ method: 'GET', url: `/api/check-in/${f.bookingId}` }),
    },
    {
      call: 'POST /api/check-in/{id}',
      expected: DRIVER_ONLY,
      request: async (f) => ({
        method: 'POST',
        url: `/api/check-in/${(await rental(f.userId, 24 * HOUR)).id}`,
        payload: {
          licence: {
            licenseNumber: 'X1234',
            licenseCountry: 'FR',
            licenseExpiresOn: '2040-01-01',
            birthDate: '1990-01-01',
          },
          signature: { method: 'typed', signerName: 'Owner', consent: true },
        },
      }),
    },
    {
      call: 'GET /api/agreement-draft/{id}',
      expected: BOOKING,
      request: (f) => ({ method: 'GET', url: `/api/agreement-draft/${f.bookingId}` }),
    },
    {
      call: 'GET /api/booking-documents/{id}',
      expected: BOOKING,
      request: (f) => ({ method: 'GET', url: `/api/booking-documents/${f.bookingId}` }),
    },
    {
      call: 'GET /api/booking-document/{id}/{documentId}',
      expected: BOOKING,
      request: async (f) => {
        const fileId = await privateFile(f.bookingId, 'document');
        const [document] = await db()
          .insert(bookingDocuments)
          .values({
            bookingId: f.bookingId,
            kind: 'receipt',
            version: ++version,
            language: 'en',
            fileId,
            sha256: '0'.repeat(64),
          })
          .returning({ id: bookingDocuments.id });
        return { method: 'GET', url: `/api/booking-document/${f.bookingId}/${document!.id}` };
      },
    },
    {
      call: 'GET /api/booking-file/{id}/{fileId}',
      expected: BOOKING,
      request: async (f) => ({
        method: 'GET',
        url: `/api/booking-file/${f.bookingId}/${await privateFile(f.bookingId, 'inspectionPhoto')}`,
      }),
    },
  ];
}

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
