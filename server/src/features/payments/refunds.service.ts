import type { PaymentProvider } from '@roam/contract/enums';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repository from './refunds.repository.ts';

// Refunds through the booking's gateway (issue #23 cancellation queue; ARCHITECTURE §5 Payment gateways): the card
// provider's Refunds API (official SDK), the wallet provider's Payments v2 capture refund, or the demo gateway, whose
// record is this table. The refund is recorded first (one per booking), and the gateway is asked under a key made of
// the booking id: a retried or concurrent approval reuses the record and its amount, and the gateway answers a replay
// with the refund it already made, so a booking is refunded once.

export type Refund = { provider: PaymentProvider; amount: number; currency: string; reference: string };

/**
 * Refunds `amount` (minor units of `currency`) of the booking's online payment. Throws SERVICE_UNAVAILABLE when the
 * gateway refuses or cannot be reached: nothing else changed, and the same call may be made again.
 */
export async function refundPayment(
  ctx: AppContext,
  payment: { bookingId: string; provider: PaymentProvider; reference: string | null; amount: number; currency: string },
): Promise<Refund> {
  const recorded = await repository.recordRefund(ctx.db, payment);
  const done = (reference: string): Refund => ({
    provider: recorded.provider,
    amount: recorded.amount,
    currency: recorded.currency,
    reference,
  });
  if (recorded.status === 'succeeded' && recorded.providerReference) return done(recorded.providerReference);
  try {
    if (recorded.provider === 'demo') return done(`demo_refund_${payment.bookingId}`);
    if (!payment.reference) throw new Error('the booking has no payment reference');
    if (recorded.provider === 'stripe') {
      if (!ctx.payments.stripe) throw new Error('the card provider is not configured');
      const refund = await ctx.payments.stripe.refund({
        sessionId: payment.reference,
        amount: recorded.amount,
        bookingId: payment.bookingId,
      });
      return done(refund.id);
    }
    if (!ctx.payments.paypal) throw new Error('the wallet provider is not configured');
    const refund = await ctx.payments.paypal.refundOrder({
      orderId: payment.reference,
      amount: recorded.amount,
      currency: recorded.currency,
      bookingId: payment.bookingId,
    });
    return done(refund.id);
  } catch (error) {
    ctx.log.error({ err: error, bookingId: payment.bookingId, provider: recorded.provider }, 'refund failed');
    throw new AppError('SERVICE_UNAVAILABLE', 'The refund could not be made. Nothing was changed; try again later.');
  }
}

/** Marks the booking's refund made, in the transaction that cancels the booking. */
export async function confirmRefund(_ctx: AppContext, tx: DbOrTx, bookingId: string, reference: string) {
  await repository.markRefunded(tx, bookingId, reference);
}

/** The refund made for a booking, or null. */
export async function refundMade(ctx: AppContext, bookingId: string): Promise<Refund | null> {
  const row = await repository.findRefund(ctx.db, bookingId);
  if (row?.status !== 'succeeded' || !row.providerReference) return null;
  return { provider: row.provider, amount: row.amount, currency: row.currency, reference: row.providerReference };
}
