import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, carPhotos, cars, promoCodes } from '#server/db/schema.ts';
import { carImageFileId } from '#server/db/seed/fleet.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, period } from '#test/booking-fixtures.ts';
import { newCar } from '#test/fleet-fixtures.ts';
import { multipartForm } from '#test/multipart.ts';
import { nextDays, upload } from '#test/ownership-fixtures.ts';
import { type Expected, OPERATOR, type Row } from './ownership-matrix.ts';

// The operator console's calls in the ownership matrix. The operated car is the Clio, in the demo
// supplier's (Azur Coast) fleet; the other supplier (Kestrel) and the fixture's drivers must never reach it. A call
// that would use up its record (a deletion, a decision) gets a record of its own.

/**
 * A car or a supplier profile: anonymous 401, a driver 403, another supplier 403 (a car's existence is public:
 * `GET /api/car/{id}`); the car's supplier and an admin succeed.
 */
const OPERATED: Expected = { ...OPERATOR, otherSupplier: 403 };
const created = (expected: Expected): Expected => ({ ...expected, operatingSupplier: 201, admin: 201 });

const AZUR = DEMO_IDS.suppliers.azurCoast;
const CLIO = DEMO_IDS.cars.clio;

/** A fleet import of one car for Azur Coast: the admin names the supplier, a supplier its own. */
const carsFile = (url: string) => {
  const csv = `name,range,fuelType,gearbox,seats,doors,aircon,mileage,fuelPolicy,deposit,locationIds,dailyPrice\n\
Imported,midi,diesel,manual,5,5,true,-1,fullToFull,300,${DEMO_IDS.locations.lyonAirport},40\n`;
  const form = multipartForm([
    { name: 'supplierId', value: AZUR },
    { name: 'file', value: csv, filename: 'cars.csv', contentType: 'text/csv' },
  ]);
  return { method: 'POST' as const, url, payload: form.payload, headers: form.headers };
};

/** `db`: the suite's database, once its app is up. */
export function operatorRows(db: () => Db): Row[] {
  /** A car of Azur Coast's of its own, for a call that deletes it. */
  const freshCar = async () => {
    const [clio] = await db().select().from(cars).where(eq(cars.id, CLIO));
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = clio!;
    const [row] = await db()
      .insert(cars)
      .values({ ...rest, licensePlate: null })
      .returning({ id: cars.id });
    return row!.id;
  };
  /** A photo of `carId`'s of its own, showing a demo image (which stays: other cars show it too). */
  const freshPhoto = async (carId = CLIO) => {
    const [row] = await db()
      .insert(carPhotos)
      .values({ carId, position: 9, fileId: carImageFileId('mini', 'red') })
      .returning({ id: carPhotos.id });
    return row!.id;
  };
  /** A car of Azur Coast's with a photo of its own, for a call that deletes or replaces its first photo. */
  const freshCarWithPhoto = async () => {
    const carId = await freshCar();
    await freshPhoto(carId);
    return carId;
  };
  /** A blocked period of the Clio of its own. */
  const freshBlock = async () => {
    const [row] = await db()
      .insert(bookings)
      .values(bookingRow(period(nextDays(), 1), { kind: 'block', blockReason: 'maintenance', driverId: AZUR }))
      .returning({ id: bookings.id });
    return row!.id;
  };

  /** A promo code of Azur Coast's of its own (a code is unique site-wide). */
  const freshPromo = async () => {
    const code = `AZUR-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [row] = await db()
      .insert(promoCodes)
      .values({ supplierId: AZUR, code, kind: 'percent', value: 10 })
      .returning({ id: promoCodes.id });
    return row!.id;
  };

  return [
    // Promo codes: a member creates its own business's (another's 403); another business's code does not exist.
    {
      call: 'POST /api/create-promo-code',
      expected: created(OPERATED),
      request: () => ({
        method: 'POST',
        url: '/api/create-promo-code',
        payload: {
          supplierId: AZUR,
          code: `NEW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
          kind: 'amount',
          value: 500,
        },
      }),
    },
    {
      call: 'PUT /api/update-promo-code',
      expected: OPERATOR,
      request: async () => ({
        method: 'PUT',
        url: '/api/update-promo-code',
        payload: { _id: await freshPromo(), value: 15 },
      }),
    },
    {
      call: 'DELETE /api/delete-promo-code/{id}',
      expected: OPERATOR,
      request: async () => ({ method: 'DELETE', url: `/api/delete-promo-code/${await freshPromo()}` }),
    },
    {
      call: 'POST /api/cars/{page}/{size}',
      expected: OPERATED,
      request: () => ({ method: 'POST', url: '/api/cars/1/5', payload: { supplierId: AZUR } }),
    },
    {
      call: 'POST /api/create-car',
      expected: created(OPERATED),
      request: () => ({
        method: 'POST',
        url: '/api/create-car',
        payload: newCar({ supplierId: AZUR, licensePlate: null }),
      }),
    },
    {
      call: 'PUT /api/update-car',
      expected: OPERATED,
      request: () => ({ method: 'PUT', url: '/api/update-car', payload: { _id: CLIO, name: 'Renault Clio' } }),
    },
    {
      call: 'DELETE /api/delete-car/{id}',
      expected: OPERATED,
      request: async () => ({ method: 'DELETE', url: `/api/delete-car/${await freshCar()}` }),
    },
    {
      call: 'POST /api/update-car-image/{id}',
      expected: OPERATED,
      request: async () => upload(`/api/update-car-image/${await freshCarWithPhoto()}`, 'image'),
    },
    {
      call: 'POST /api/delete-car-image/{id}',
      expected: OPERATED,
      request: async () => ({ method: 'POST', url: `/api/delete-car-image/${await freshCarWithPhoto()}` }),
    },
    {
      call: 'POST /api/add-car-photos/{id}',
      expected: OPERATED,
      // A car of its own: each call that succeeds adds a photo, and a car keeps ten at most.
      request: async () => upload(`/api/add-car-photos/${await freshCar()}`, 'photos'),
    },
    {
      call: 'POST /api/reorder-car-photos/{id}',
      expected: OPERATED,
      request: async () => {
        const photos = await db()
          .select({ id: carPhotos.id })
          .from(carPhotos)
          .where(eq(carPhotos.carId, CLIO))
          .orderBy(asc(carPhotos.position));
        return {
          method: 'POST',
          url: `/api/reorder-car-photos/${CLIO}`,
          payload: { photoIds: photos.map((photo) => photo.id).reverse() },
        };
      },
    },
    {
      call: 'DELETE /api/delete-car-photo/{id}/{photoId}',
      expected: OPERATED,
      request: async () => ({ method: 'DELETE', url: `/api/delete-car-photo/${CLIO}/${await freshPhoto()}` }),
    },
    {
      call: 'GET /api/car-audit/{id}/{page}/{size}',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/car-audit/${CLIO}/1/5` }),
    },
    {
      call: 'POST /api/create-car-block',
      expected: created(OPERATED),
      request: () => {
        const when = period(nextDays(), 1);
        return {
          method: 'POST',
          url: '/api/create-car-block',
          payload: { carId: CLIO, startAt: when.pickupAt, endAt: when.dropoffAt, reason: 'maintenance' },
        };
      },
    },
    // A block is private to the car's operators, as a booking is: another supplier gets 404.
    {
      call: 'PUT /api/update-car-block',
      expected: OPERATOR,
      request: async () => ({
        method: 'PUT',
        url: '/api/update-car-block',
        payload: { _id: await freshBlock(), note: 'Tyres' },
      }),
    },
    {
      call: 'DELETE /api/delete-car-block/{id}',
      expected: OPERATOR,
      request: async () => ({ method: 'DELETE', url: `/api/delete-car-block/${await freshBlock()}` }),
    },
    {
      call: 'GET /api/car-calendar/{id}',
      expected: OPERATED,
      request: () => ({
        method: 'GET',
        url: `/api/car-calendar/${CLIO}?from=2027-01-01T00:00:00Z&to=2027-03-01T00:00:00Z`,
      }),
    },
    {
      call: 'GET /api/supplier/{id}',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/supplier/${AZUR}` }),
    },
    {
      call: 'PUT /api/update-supplier',
      expected: OPERATED,
      request: () => ({
        method: 'PUT',
        url: '/api/update-supplier',
        payload: { _id: AZUR, phone: '+33 4 00 00 00 00' },
      }),
    },
    {
      call: 'POST /api/update-supplier-logo/{id}',
      expected: OPERATED,
      request: () => upload(`/api/update-supplier-logo/${AZUR}`, 'image'),
    },
    {
      call: 'POST /api/delete-supplier-logo/{id}',
      expected: OPERATED,
      request: () => ({ method: 'POST', url: `/api/delete-supplier-logo/${AZUR}` }),
    },
    {
      call: 'POST /api/cancellation-requests/{page}/{size}',
      expected: OPERATED,
      request: () => ({ method: 'POST', url: '/api/cancellation-requests/1/5', payload: { supplierId: AZUR } }),
    },
    // The scheduler and the dashboard: naming another supplier is refused (403).
    {
      call: 'POST /api/scheduler/{page}/{size}',
      expected: OPERATED,
      request: () => ({
        method: 'POST',
        url: '/api/scheduler/1/5',
        payload: { locationId: DEMO_IDS.locations.lyonAirport, from: '2026-12-01', to: '2026-12-15', supplierId: AZUR },
      }),
    },
    {
      call: 'GET /api/dashboard',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/dashboard?from=2026-12-01&to=2026-12-31&supplierId=${AZUR}` }),
    },
    // Fleet import and export: naming another supplier is refused (403).
    { call: 'POST /api/import-cars/preview', expected: OPERATED, request: () => carsFile('/api/import-cars/preview') },
    { call: 'POST /api/import-cars', expected: OPERATED, request: () => carsFile('/api/import-cars') },
    {
      call: 'GET /api/export-cars',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/export-cars?supplierId=${AZUR}` }),
    },
    {
      call: 'GET /api/export-bookings',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/export-bookings?from=2026-01-01&to=2028-01-01&supplierId=${AZUR}` }),
    },
    // The monthly statement and its downloads: naming another supplier is refused (403).
    {
      call: 'GET /api/statement',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/statement?month=2026-11&supplierId=${AZUR}` }),
    },
    {
      call: 'GET /api/statement-export',
      expected: OPERATED,
      request: () => ({ method: 'GET', url: `/api/statement-export?month=2026-11&format=csv&supplierId=${AZUR}` }),
    },
    // A walk-in booking of the Clio, each caller on days of its own; another fleet's car is unknown.
    {
      call: 'POST /api/walk-in',
      expected: created({ ...OPERATOR, otherSupplier: 404 }),
      request: () => {
        const { paymentOption: _, ...choices } = checkoutBody({}, nextDays());
        const customer = { kind: 'new', fullName: 'Walk In', email: `walk.${nextDays()}@example.com` };
        return {
          method: 'POST',
          url: '/api/walk-in',
          payload: {
            ...choices,
            payment: 'counter',
            customer: { ...customer, phone: '+33 6 00 00 00 00', birthDate: '1990-01-01', language: 'en' },
          },
        };
      },
    },
    // The bookings desk (docs/architecture.md §5): the list (naming another supplier is refused, 403) and the
    // fixture's booking as its operators see it; another fleet's booking does not exist (404).
    {
      call: 'POST /api/operator-bookings/{page}/{size}',
      expected: OPERATED,
      request: () => ({ method: 'POST', url: '/api/operator-bookings/1/5', payload: { supplierId: AZUR } }),
    },
    {
      call: 'POST /api/operator-bookings-totals',
      expected: OPERATED,
      request: () => ({ method: 'POST', url: '/api/operator-bookings-totals', payload: { supplierId: AZUR } }),
    },
    {
      call: 'GET /api/operator-booking/{id}',
      expected: OPERATOR,
      request: (f) => ({ method: 'GET', url: `/api/operator-booking/${f.bookingId}` }),
    },
    {
      call: 'GET /api/booking-audit/{id}/{page}/{size}',
      expected: OPERATOR,
      request: (f) => ({ method: 'GET', url: `/api/booking-audit/${f.bookingId}/1/5` }),
    },
    {
      call: 'POST /api/booking-note/{id}',
      expected: created(OPERATOR),
      request: (f) => ({ method: 'POST', url: `/api/booking-note/${f.bookingId}`, payload: { text: 'Late train.' } }),
    },
    {
      call: 'POST /api/resend-booking-confirmation/{id}',
      expected: OPERATOR,
      request: (f) => ({ method: 'POST', url: `/api/resend-booking-confirmation/${f.bookingId}` }),
    },
    {
      call: 'POST /api/send-payment-link/{id}',
      expected: OPERATOR,
      request: (f) => ({ method: 'POST', url: `/api/send-payment-link/${f.unpaidBookingId}` }),
    },
    // The fixture's pending booking, its driver having asked to cancel it.
    ...(['approve-cancellation', 'decline-cancellation'] as const).map(
      (path): Row => ({
        call: `POST /api/${path}/{id}`,
        expected: OPERATOR,
        request: async (f) => {
          await db()
            .update(bookings)
            .set({ cancelRequest: true, cancelRequestedAt: new Date() })
            .where(eq(bookings.id, f.bookingId));
          return {
            method: 'POST',
            url: `/api/${path}/${f.bookingId}`,
            ...(path === 'decline-cancellation' ? { payload: { message: 'Sorry.' } } : {}),
          };
        },
      }),
    ),
  ];
}
