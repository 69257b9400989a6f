import type { PaymentProvider } from '@roam/contract/bookings';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { BookingRow } from '#server/features/bookings/bookings.repository.ts';
import {
  type Refund,
  refundedFromPayment,
  refundPayment,
  refundTotal,
} from '#server/features/refunds/refunds.service.ts';
import * as amendments from './amendments.repository.ts';

// A refund split across a booking's payments (docs/api.md "Change a booking"): its own, and the differences its dearer
// changes took. It reads the amendments' payments, so it is theirs; a cheaper change (amendments.service.ts
// `updateBooking`) and a cancellation (cancellations.service.ts) both refund through it, the cancellation from the
// layer above (docs/decisions/0007-money-flows-one-way.md).

/**
 * Refunds `amount` of what the booking was paid, across its payments (issue #25 item 2), in `tx`: the differences of
 * dearer changes, newest first, each at most what it took less what was refunded from it, then the booking's own
 * payment (the card provider refunds a payment intent at most what it took; what is left of it is what was charged
 * less the differences' rest). Each part under its own key, so a retry makes none twice: the booking's payment under
 * `key`, a difference under `key` and its change's. Used by the cancellation (`cancellationRefundKey`) and by a
 * cheaper change (its `amendmentRefundKey`). Returns each part to confirm, and the refund as the driver sees it: one
 * amount, the total.
 */
export async function refundAcrossPayments(
  ctx: AppContext,
  tx: DbOrTx,
  current: BookingRow,
  amount: number,
  key: string,
) {
  const payments: { key: string; provider: PaymentProvider; reference: string | null; amount: number }[] = [];
  for (const paid of await amendments.appliedAmendments(tx, current.id)) {
    if (!paid.paymentReference) continue;
    const refunded = await refundedFromPayment(ctx, tx, current.id, paid.paymentReference, key);
    payments.push({
      key: `${key}-${paid.id}`,
      provider: paid.provider,
      reference: paid.paymentReference,
      amount: paid.amount - refunded,
    });
  }
  payments.push({ key, provider: current.paymentProvider!, reference: current.paymentReference, amount });
  const parts: { key: string; refund: Refund }[] = [];
  let left = amount;
  for (const payment of payments) {
    const part = Math.min(left, payment.amount);
    if (part <= 0) continue;
    left -= part;
    const refund = await refundPayment(
      ctx,
      { ...payment, bookingId: current.id, amount: part, currency: current.currency },
      tx,
    );
    parts.push({ key: payment.key, refund });
  }
  return { parts, refund: refundTotal(parts) };
}
