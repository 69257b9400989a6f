import type { PaymentProvider } from '@roam/contract/bookings';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookings, businessEmail, cars, users } from '#server/db/schema.ts';

// The only Drizzle code of the payments slice: the booking as a payment sees it, and the idempotent transitions.

const driver = alias(users, 'driver');
const supplier = alias(users, 'supplier');

const person = <T extends typeof driver | typeof supplier>(table: T) => ({
  id: table.id,
  email: table.email,
  fullName: table.fullName,
  language: table.language,
  enableEmailNotifications: table.enableEmailNotifications,
});

export async function findPayableBooking(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      supplierId: bookings.supplierId,
      reference: bookings.reference,
      status: bookings.status,
      blocksCar: bookings.blocksCar,
      holdExpiresAt: bookings.holdExpiresAt,
      paymentOption: bookings.paymentOption,
      payNow: bookings.payNow,
      currency: bookings.currency,
      rate: bookings.rate,
      price: bookings.price,
      chargedAmount: bookings.chargedAmount,
      depositAmount: bookings.depositAmount,
      paymentProvider: bookings.paymentProvider,
      paymentReference: bookings.paymentReference,
      paidAt: bookings.paidAt,
      guestTokenHash: bookings.guestTokenHash,
      pickupAt: bookings.pickupAt,
      dropoffAt: bookings.dropoffAt,
      carName: cars.name,
      driver: person(driver),
      // The house business's e-mails go to its owner, the admin (docs/decisions/0013-…).
      supplier: { ...person(supplier), email: businessEmail('supplier') },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(driver, eq(driver.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    // A blocked period is never a booking to pay.
    .where(and(eq(bookings.id, bookingId), eq(bookings.kind, 'rental')))
    .limit(1);
  return row ?? null;
}
export type PayableBooking = NonNullable<Awaited<ReturnType<typeof findPayableBooking>>>;

/** The booking a gateway's session/order id was recorded on (checkout stores the card provider's session id). */
export async function findBookingIdByReference(db: DbOrTx, provider: PaymentProvider, reference: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.paymentProvider, provider), eq(bookings.paymentReference, reference)))
    .limit(1);
  return row?.id ?? null;
}

/** Records the gateway's session/order id on an unpaid booking (to find it again and to verify it). */
export async function setPaymentReference(db: DbOrTx, bookingId: string, provider: PaymentProvider, reference: string) {
  await db
    .update(bookings)
    .set({ paymentProvider: provider, paymentReference: reference, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'void')));
}

/** What recording a payment sets on a booking, whatever happens to the car. */
const paidWith = (provider: PaymentProvider, reference: string) => ({
  holdExpiresAt: null,
  paidAt: new Date(),
  paymentProvider: provider,
  paymentReference: reference,
  updatedAt: new Date(),
});

/** The booking, if it is still void and unpaid: a payment is recorded once, a replay matches nothing. */
const unpaidVoid = (bookingId: string) =>
  and(eq(bookings.id, bookingId), eq(bookings.status, 'void'), sql`${bookings.paidAt} is null`);

/**
 * The one confirmation statement: void → deposit/paid, blocking, hold cleared. Conditional on status = 'void', so a
 * replay (webhook + return check, a restart, a double click) matches nothing and changes nothing twice. When the
 * hold had lapsed and the car was booked since, re-blocking violates the exclusion constraint (23P01): the caller
 * then records the payment with `markPaidWithoutCar`.
 */
export async function confirmPaid(db: DbOrTx, bookingId: string, provider: PaymentProvider, reference: string) {
  const rows = await db
    .update(bookings)
    .set({
      status: sql`(case when ${bookings.paymentOption} = 'deposit' then 'deposit' else 'paid' end)::booking_status`,
      blocksCar: true,
      ...paidWith(provider, reference),
    })
    .where(unpaidVoid(bookingId))
    .returning({ status: bookings.status });
  return rows[0] ?? null;
}

/**
 * A payment that arrived after the hold lapsed and the car was taken: the booking stays void and unblocking, and
 * `paid_at` is set — "void with paid_at" is the refund-due flag operators look for (documented in the report).
 */
export async function markPaidWithoutCar(db: DbOrTx, bookingId: string, provider: PaymentProvider, reference: string) {
  const rows = await db
    .update(bookings)
    .set({
      blocksCar: false,
      ...paidWith(provider, reference),
    })
    .where(unpaidVoid(bookingId))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Failure or expiry: the unpaid booking stops holding the car. */
export async function releaseHold(db: DbOrTx, bookingId: string) {
  await db
    .update(bookings)
    .set({ blocksCar: false, holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'void'), eq(bookings.blocksCar, true)));
}

/**
 * A driver's (or a guest browser's) unpaid holds stop blocking their cars: they are starting another checkout
 *. Released like a declined payment: still void, no longer payable.
 */
export async function releaseUnpaidHoldsOf(
  db: DbOrTx,
  holder: { driverId: string | null; guestTokenHash: string | null },
) {
  const whose = or(
    holder.driverId ? eq(bookings.driverId, holder.driverId) : undefined,
    holder.guestTokenHash ? eq(bookings.guestTokenHash, holder.guestTokenHash) : undefined,
  );
  if (!whose) return;
  await db
    .update(bookings)
    .set({ blocksCar: false, holdExpiresAt: null, updatedAt: new Date() })
    .where(and(whose, eq(bookings.status, 'void'), eq(bookings.blocksCar, true), isNull(bookings.paidAt)));
}

/** The periodic sweep, and the first step of every checkout (for its car). */
export async function releaseExpiredHolds(db: DbOrTx, carId?: string) {
  await db
    .update(bookings)
    .set({ blocksCar: false })
    .where(
      and(
        carId ? eq(bookings.carId, carId) : undefined,
        eq(bookings.status, 'void'),
        eq(bookings.blocksCar, true),
        lt(bookings.holdExpiresAt, sql`now()`),
      ),
    );
}
