import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, cars } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import type { Fixture } from '#test/ownership-fixtures.ts';
import { BOOKING, type Expected, LICENCE, type Row, SELF } from './ownership-matrix.ts';

// What an operator can learn about a driver (second outside audit, item 1): the driver's profile, their documents —
// the licence only around a booking the driver made or confirmed with that operator, from 48 h before its pick-up to
// 30 days after its drop-off (docs/architecture.md §5 "Files") — and their bookings with other businesses (nothing).
// The fixture's bookings are with the operating supplier (Azur Coast), weeks ahead.

const HOUR = 3600_000;

/** Moves the fixture's booking to start in `hours` for `days` (not holding the car: rows of one call share it). */
async function moveBooking(
  db: Db,
  f: Fixture,
  hours: number,
  days: number,
  extra: Partial<typeof bookings.$inferInsert> = {},
) {
  const pickupAt = new Date(Date.now() + hours * HOUR);
  await db
    .update(bookings)
    .set({ pickupAt, dropoffAt: new Date(pickupAt.getTime() + days * 24 * HOUR), blocksCar: false, ...extra })
    .where(eq(bookings.id, f.bookingId));
}

/** The licence opened to its owner, the admin and the operating supplier, to nobody else. */
const LICENCE_OPEN: Expected = BOOKING;

export const driverRows = (db: () => Db): Row[] => [
  {
    call: 'GET /api/user/{id} (the driver, to an operator of theirs)',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/user/${f.userId}` }),
  },
  {
    call: 'GET /api/user-license/{userId} (to an operator of theirs)',
    expected: SELF,
    request: (f) => ({ method: 'GET', url: `/api/user-license/${f.userId}` }),
  },
  {
    call: 'GET /api/license/{id} (a booking weeks ahead)',
    expected: LICENCE,
    request: (f) => ({ method: 'GET', url: `/api/license/${f.licenceId}` }),
  },
  {
    call: 'GET /api/license/{id} (a booking picked up tomorrow)',
    expected: LICENCE_OPEN,
    request: async (f) => {
      await moveBooking(db(), f, 24, 3);
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  {
    call: 'GET /api/license/{id} (a booking on rent)',
    expected: LICENCE_OPEN,
    request: async (f) => {
      await moveBooking(db(), f, -24, 3);
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  {
    call: 'GET /api/license/{id} (a booking dropped off 31 days ago)',
    expected: LICENCE,
    request: async (f) => {
      await moveBooking(db(), f, -24 * 34, 3);
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  {
    call: 'GET /api/license/{id} (a desk booking tomorrow the driver has not paid)',
    expected: LICENCE,
    request: async (f) => {
      await moveBooking(db(), f, 24, 3, { bookedAtDesk: true });
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  {
    call: 'GET /api/license/{id} (a desk booking tomorrow the driver paid)',
    expected: LICENCE_OPEN,
    request: async (f) => {
      await moveBooking(db(), f, 24, 3, { bookedAtDesk: true, status: 'paid', paidAt: new Date() });
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  {
    call: 'GET /api/license/{id} (a cancelled booking tomorrow)',
    expected: LICENCE,
    request: async (f) => {
      await moveBooking(db(), f, 24, 3, { status: 'cancelled' });
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
  // Refusing a booking made in the driver's name at the desk: its driver alone; an operator cancels instead (409).
  {
    call: 'POST /api/refuse-booking/{id} (a desk booking)',
    expected: { ...BOOKING, operatingSupplier: 409, admin: 409 },
    request: async (f) => {
      await db().update(bookings).set({ bookedAtDesk: true }).where(eq(bookings.id, f.bookingId));
      return { method: 'POST', url: `/api/refuse-booking/${f.bookingId}` };
    },
  },
  {
    call: 'POST /api/refuse-booking/{id} (a booking the driver made)',
    expected: { ...BOOKING, operatingSupplier: 409, admin: 409, owner: 409 },
    request: (f) => ({ method: 'POST', url: `/api/refuse-booking/${f.bookingId}` }),
  },
  // Bookings the driver made with another business: to the operating supplier they do not exist.
  {
    call: 'GET /api/booking/{id} (the driver booked with another supplier)',
    expected: { ...BOOKING, operatingSupplier: 404, otherSupplier: 200 },
    request: async (f) => {
      const [car] = await db()
        .select({ id: cars.id })
        .from(cars)
        .where(eq(cars.supplierId, DEMO_IDS.suppliers.kestrel))
        .limit(1);
      const [other] = await db()
        .insert(bookings)
        .values(
          bookingRow(period(30, 2), {
            driverId: f.userId,
            carId: car!.id,
            supplierId: DEMO_IDS.suppliers.kestrel,
            status: 'pending',
            blocksCar: false,
          }),
        )
        .returning({ id: bookings.id });
      return { method: 'GET', url: `/api/booking/${other!.id}` };
    },
  },
  {
    call: 'GET /api/license/{id} (the driver booked with another supplier, tomorrow)',
    expected: { ...LICENCE, otherSupplier: 200 },
    request: async (f) => {
      const [car] = await db()
        .select({ id: cars.id })
        .from(cars)
        .where(eq(cars.supplierId, DEMO_IDS.suppliers.kestrel))
        .limit(1);
      const pickupAt = new Date(Date.now() + 24 * HOUR);
      await db()
        .insert(bookings)
        .values(
          bookingRow(
            { pickupAt, dropoffAt: new Date(pickupAt.getTime() + 2 * 24 * HOUR) },
            {
              driverId: f.userId,
              carId: car!.id,
              supplierId: DEMO_IDS.suppliers.kestrel,
              status: 'pending',
              blocksCar: false,
            },
          ),
        );
      return { method: 'GET', url: `/api/license/${f.licenceId}` };
    },
  },
];
