import type { PaymentProvider } from '@roam/contract/bookings';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingPaymentKey, refundablePayments } from '#server/features/ledger/ledger.service.ts';
import { type Refund, refundPayment, refundTotal } from './refunds.service.ts';

// A refund split across a booking's payments (docs/architecture.md §5 "Money rules"): the ledger knows each online
// payment and what was given back of it, so every refund — a cheaper change's, the driver's or an operator's,
// and a cancellation's — comes from the payments that took the money, each at most what it took.

/**
 * A part's key: from the booking's own payment `key` itself (the key refunds made before the ledger carry), from a
 * change's difference `key`-<change>, from any other payment `key`-<payment>.
 */
function partKey(
  key: string,
  bookingId: string,
  payment: { id: string; amendmentId: string | null; idempotencyKey: string },
) {
  if (payment.idempotencyKey === bookingPaymentKey(bookingId)) return key;
  return `${key}-${payment.amendmentId ?? payment.id}`;
}

/**
 * Refunds `amount` of what the booking was paid online, in `tx` (the transaction holding the booking's row lock):
 * the changes' differences first, newest first, then the booking's own payment — from each at most what it took less
 * what was given back of it (the card provider refunds a payment intent at most what it took, so does the wallet's
 * capture). Each part under its own key (`key` for the booking's own payment, `key`-<change> for a difference), so a
 * retry makes none twice. `withDeposit`: a cancellation also gives back the security deposit charged online (the
 * deposit option); a change gives back only what was paid towards the total. Returns each part to confirm, and the
 * refund as the driver sees it: one amount, the total — less than `amount` only when the payments cannot give it.
 */
export async function refundAcrossPayments(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; currency: string },
  amount: number,
  key: string,
  { withDeposit }: { withDeposit: boolean },
) {
  const parts: { key: string; refund: Refund }[] = [];
  let left = amount;
  for (const { payment, refunded } of await refundablePayments(ctx, tx, booking.id, key, { withDeposit })) {
    const part = Math.min(left, payment.amount - refunded);
    if (part <= 0) continue;
    left -= part;
    const refund = await refundPayment(
      ctx,
      {
        key: partKey(key, booking.id, payment),
        bookingId: booking.id,
        // A gateway's payment: the counter's are not refunded here (refundablePayments leaves them out).
        provider: payment.provider as PaymentProvider,
        reference: payment.providerReference,
        amount: part,
        currency: booking.currency,
        paymentId: payment.id,
        kind: payment.kind === 'capture' ? 'capture' : 'charge',
      },
      tx,
    );
    parts.push({ key: partKey(key, booking.id, payment), refund });
  }
  return { parts, refund: refundTotal(parts) };
}
