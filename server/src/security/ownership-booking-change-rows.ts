import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookingAmendments, bookings } from '#server/db/schema.ts';
import { BOOKING, type Row } from './ownership-matrix.ts';

// Changing a booking in the ownership matrix: the quote, and a dearer change's difference, which
// only the booking's driver (or its manage link) confirms and pays; an operator changes a booking with update-booking.

/** A pending change of the fixture's booking paid by `provider`, that changes nothing but what was charged. */
async function pendingChange(db: Db, bookingId: string, provider: 'demo' | 'paypal') {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [amendment] = await db
    .insert(bookingAmendments)
    .values({
      bookingId,
      changes: { pickupAt: booking!.pickupAt.toISOString(), dropoffAt: booking!.dropoffAt.toISOString() },
      basisTotal: booking!.totalAmount,
      amount: 100,
      currency: booking!.currency,
      provider,
      expiresAt: new Date(Date.now() + 3600_000),
    })
    .returning();
  return amendment!.id;
}

export const bookingChangeRows = (db: () => Db): Row[] => [
  // What a change would cost: whoever may change the booking.
  {
    call: 'POST /api/amendment-quote/{id}',
    expected: BOOKING,
    request: (f) => ({ method: 'POST', url: `/api/amendment-quote/${f.bookingId}`, payload: {} }),
  },
  // A dearer change's difference: confirmed and paid by the booking's driver (or its link) only;
  // an operator changes a booking with update-booking. The fixture's booking has nothing to pay (409 for its driver).
  {
    call: 'POST /api/amendment-payment/{id}',
    expected: { ...BOOKING, operatingSupplier: 403, admin: 403, owner: 409 },
    request: (f) => ({ method: 'POST', url: `/api/amendment-payment/${f.bookingId}`, payload: {} }),
  },
  // What an operator's change made due on a booking paid online (docs/architecture.md §5 "Money rules"): paid by the
  // booking's driver (or its link) only. The fixture's booking has nothing due (409 for its driver).
  {
    call: 'POST /api/balance-payment/{id}',
    expected: { ...BOOKING, operatingSupplier: 403, admin: 403, owner: 409 },
    request: (f) => ({ method: 'POST', url: `/api/balance-payment/${f.bookingId}` }),
  },
  {
    call: 'POST /api/pay-amendment/{id}/{amendmentId}',
    // This app's card provider turns the demo card off (403) for the driver too; their success:
    // amendment-payments.test.ts.
    expected: { ...BOOKING, operatingSupplier: 403, admin: 403, owner: 403 },
    request: async (f) => ({
      method: 'POST',
      url: `/api/pay-amendment/${f.bookingId}/${await pendingChange(db(), f.bookingId, 'demo')}`,
      payload: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', cardholder: 'Camille Martin' },
    }),
  },
  {
    call: 'POST /api/amendment-paypal-order/{id}/{amendmentId}',
    expected: { ...BOOKING, operatingSupplier: 403, admin: 403 },
    request: async (f) => ({
      method: 'POST',
      url: `/api/amendment-paypal-order/${f.bookingId}/${await pendingChange(db(), f.bookingId, 'paypal')}`,
    }),
  },
  {
    call: 'POST /api/check-amendment-paypal-order/{id}/{amendmentId}/{orderId}',
    // An order that is not the change's: 404 to its driver too.
    expected: { ...BOOKING, operatingSupplier: 403, admin: 403, owner: 404 },
    request: async (f) => ({
      method: 'POST',
      url: `/api/check-amendment-paypal-order/${f.bookingId}/${await pendingChange(db(), f.bookingId, 'paypal')}/ORDER1`,
    }),
  },
];
