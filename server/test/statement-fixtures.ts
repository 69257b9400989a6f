import { bookings } from '#server/db/schema.ts';
import { recordCharge } from '#server/features/ledger/ledger.service.ts';
import { bookingRow, period } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** This month at Paris's clock (`YYYY-MM`), the statement's month of a payment made now. */
export const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

/**
 * A booking (the Clio at Paris CDG unless `overrides` say otherwise) paid online today: an invoice and a payment of
 * `amount` in this month's statement, the payment's gateway reference `demo_paid_<booking id>`. It does not block
 * its car, so several may share one period.
 */
export async function paidToday(t: TestApp, amount: number, overrides: Partial<typeof bookings.$inferInsert> = {}) {
  const values = { status: 'paid' as const, chargedAmount: amount, totalAmount: amount, price: amount };
  const [row] = await t.db
    .insert(bookings)
    .values({ ...bookingRow(period(20, 2)), ...values, blocksCar: false, ...overrides })
    .returning();
  await t.db.transaction((tx) =>
    recordCharge(t.app.context, tx, {
      booking: row!,
      purpose: 'rental',
      provider: 'demo',
      reference: `demo_paid_${row!.id}`,
      amount,
      key: `booking-${row!.id}`,
    }),
  );
  return row!;
}
