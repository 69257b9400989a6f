import type { BookingStatus } from '@roam/contract/bookings';
import { COUNTER_STATUSES } from '@roam/contract/counter';
import type { CounterBalance } from '@roam/contract/counter.schema';
import type { BookingBalance } from '@roam/contract/ledger';

// The settlement's rules the counter's view and its calls share (docs/decisions/0008-counter-documents-stored-as-
// signed.md, "Settlement"): when money is taken at the desk, and the balance as the screen shows it.

/** The balance as the counter's screen shows it: the rental, the charges, paid, held, due and to refund. */
export const toCounterBalance = (balance: BookingBalance, charges: number, currency: string): CounterBalance => ({
  currency,
  total: balance.total - charges,
  charges,
  paid: balance.paid,
  held: balance.held,
  due: balance.due,
  excess: balance.excess,
});

/** Money is taken at the counter once it has the booking (on rent, returned, closed with later charges, no-show). */
export const takesPayment = (status: BookingStatus) => (COUNTER_STATUSES as readonly BookingStatus[]).includes(status);
