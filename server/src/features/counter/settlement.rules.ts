import type { BookingStatus } from '@roam/contract/bookings';
import { COUNTER_STATUSES } from '@roam/contract/counter';
import type { CounterBalance } from '@roam/contract/counter.schema';
import type { BookingBalance, LedgerPayment, LedgerRefund } from '@roam/contract/ledger';
import { cardGateway } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';

// The settlement's rules the counter's view and its calls share (docs/decisions/0008-counter-documents-stored-as-
// signed.md, "Settlement"): when money is taken at the desk, and the balance as the screen shows it.

/**
 * The balance as the counter's screen shows it: the rental, the charges, paid, held, due and to refund — and of that,
 * what the desk can hand back (`deskPaid`: paid at the desk and not given back).
 */
export const toCounterBalance = (
  balance: BookingBalance,
  charges: number,
  currency: string,
  deskPaid = 0,
): CounterBalance => ({
  currency,
  total: balance.total - charges,
  charges,
  paid: balance.paid,
  held: balance.held,
  due: balance.due,
  excess: balance.excess,
  atDesk: Math.min(balance.excess, deskPaid),
});

/** Paid at the desk towards the booking and not given back: what the desk can hand back, from the ledger's rows. */
export function paidAtDesk(ledger: { payments: readonly LedgerPayment[]; refunds: readonly LedgerRefund[] }) {
  const desk = ledger.payments.filter(
    (payment) => payment.provider === 'counter' && payment.status === 'succeeded' && payment.purpose !== 'deposit',
  );
  const ids = new Set(desk.map((payment) => payment.id));
  const given = ledger.refunds
    .filter((refund) => refund.status === 'succeeded' && refund.paymentId !== null && ids.has(refund.paymentId))
    .reduce((sum, refund) => sum + refund.amount, 0);
  return desk.reduce((sum, payment) => sum + payment.amount, 0) - given;
}

/** Money is taken at the counter once it has the booking (on rent, returned, closed with later charges, no-show). */
export const takesPayment = (status: BookingStatus) => (COUNTER_STATUSES as readonly BookingStatus[]).includes(status);

/**
 * Which statuses owe a balance the customer may pay online: a returned rental's, a no-show's fee, a charge added after
 * the close (docs/decisions/0014-charges-after-the-rental.md).
 */
export const LINKED_STATUSES = ['returned', 'no_show', 'closed'] as const;
export const linkable = (status: string) => (LINKED_STATUSES as readonly string[]).includes(status);

/** A gateway can take the balance: the booking's own, or the card gateway for one never paid online. */
export const balanceGateway = (ctx: AppContext, booking: { paymentProvider: string | null }) => {
  if (booking.paymentProvider === 'paypal') return ctx.payments.paypal ? 'paypal' : null;
  if (booking.paymentProvider === 'stripe') return ctx.payments.stripe ? 'stripe' : null;
  return booking.paymentProvider ?? cardGateway(ctx.config);
};
