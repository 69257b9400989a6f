import type { CheckoutBody } from '@roam/contract/checkout';
import { zonedToInstant } from '@roam/contract/time';
import type { bookings, payments } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';

/** A pick-up `daysAhead` days from now at 10:00 Paris time, returned after `days` days at 10:00. */
export function period(daysAhead: number, days = 3) {
  const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600_000).toISOString().slice(0, 10);
  return {
    pickupAt: zonedToInstant({ date: day(daysAhead), time: '10:00' }, 'Europe/Paris').toISOString(),
    dropoffAt: zonedToInstant({ date: day(daysAhead + days), time: '10:00' }, 'Europe/Paris').toISOString(),
  };
}

/** A valid pay-later checkout of the Clio at Paris CDG (the caller adds the driver or signs in). */
export function checkoutBody(overrides: Partial<CheckoutBody> = {}, daysAhead = 10): Record<string, unknown> {
  return {
    carId: DEMO_IDS.cars.clio,
    pickupLocationId: DEMO_IDS.locations.parisCdg,
    dropoffLocationId: DEMO_IDS.locations.parisCdg,
    ...period(daysAhead),
    extras: {},
    paymentOption: 'payLater',
    currency: 'EUR',
    ...overrides,
  };
}

export const guestDriver = (email: string) => ({
  fullName: 'Gwen Guest',
  email,
  phone: '+33 6 00 00 00 00',
  birthDate: '1992-03-04',
  acceptTerms: true,
});

/**
 * A bookings row written straight to the database (as another process or a script would): the demo driver's
 * pay-later Clio at Paris CDG over `pickupAt`–`dropoffAt`, reserved and blocking the car unless overridden.
 */
export function bookingRow(
  when: { pickupAt: Date | string; dropoffAt: Date | string },
  overrides: Partial<typeof bookings.$inferInsert> = {},
): typeof bookings.$inferInsert {
  return {
    carId: DEMO_IDS.cars.clio,
    supplierId: DEMO_IDS.suppliers.azurCoast,
    driverId: DEMO_IDS.users.driver,
    pickupLocationId: DEMO_IDS.locations.parisCdg,
    dropoffLocationId: DEMO_IDS.locations.parisCdg,
    pickupAt: new Date(when.pickupAt),
    dropoffAt: new Date(when.dropoffAt),
    paymentOption: 'payLater',
    price: 10000,
    deposit: 50000,
    payNow: 0,
    currency: 'EUR',
    totalAmount: 10000,
    depositAmount: 50000,
    chargedAmount: 0,
    status: 'reserved',
    blocksCar: true,
    ...overrides,
  };
}

/**
 * The ledger's charge of a booking row paid online (written straight to the database, as `bookingRow`): what a
 * payment's confirmation records beside it (features/ledger/), without which the booking took no money.
 */
export function paymentRow(
  booking: { id: string } & Pick<
    typeof bookings.$inferInsert,
    'supplierId' | 'paymentOption' | 'paymentProvider' | 'paymentReference' | 'chargedAmount' | 'currency'
  >,
): typeof payments.$inferInsert {
  return {
    bookingId: booking.id,
    supplierId: booking.supplierId,
    kind: 'charge',
    purpose: booking.paymentOption === 'deposit' ? 'deposit' : 'rental',
    provider: booking.paymentProvider ?? 'demo',
    providerReference: booking.paymentReference ?? null,
    idempotencyKey: `booking-${booking.id}`,
    amount: booking.chargedAmount,
    currency: booking.currency ?? 'EUR',
    status: 'succeeded',
    settledAt: new Date(),
  };
}
