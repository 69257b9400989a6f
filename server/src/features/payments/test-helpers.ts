import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkoutBody } from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { bookings, notifications } from '../../db/schema.ts';

// Shared by the payments slice's tests, one file per gateway (not loaded by the server).

export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  cardholder: 'Camille Martin',
};

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function notificationCount(t: TestApp, bookingId: string) {
  const [row] = await t.db.select({ n: count() }).from(notifications).where(eq(notifications.bookingId, bookingId));
  return row!.n;
}

/** The Clio checkout of `checkoutBody` with these choices, as `driver`. */
export const postCheckout = (
  t: TestApp,
  driver: { cookie: string },
  choices: { paymentOption: string; currency?: string },
  daysAhead: number,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: driver,
    payload: checkoutBody(choices as never, daysAhead),
  });

/** A booking made by `postCheckout`, which must succeed. */
export async function bookOnline(
  t: TestApp,
  driver: { cookie: string },
  choices: { paymentOption: string; currency?: string },
  daysAhead: number,
) {
  const res = await postCheckout(t, driver, choices, daysAhead);
  expect(res.statusCode).toBe(201);
  return res.json();
}
