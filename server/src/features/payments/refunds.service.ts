import type { PaymentProvider } from '@roam/contract/enums';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repository from './refunds.repository.ts';

// Refunds through the booking's gateway (issue #23 cancellation queue; ARCHITECTURE §5 Payment gateways): the card
// provider's Refunds API (official SDK), the wallet provider's Payments v2 capture refund, or the demo gateway, whose
// record is this table. Each refund is recorded first under its idempotency key, and the gateway is asked under that
// key: a retried or concurrent call reuses the record and its amount, and the gateway answers a replay with the refund
// it already made, so each refund is made once. A booking may have several (issue #25 item 2: a change's difference,
// then its cancellation): `cancellationRefundKey` is the cancellation's, `amendmentRefundKey` a change's.

/** The key of a booking's cancellation refund (the one key of refunds made before issue #25 item 2). */
export const cancellationRefundKey = (bookingId: string) => `refund-${bookingId}`;

export type Refund = { provider: PaymentProvider; amount: number; currency: string; reference: string };

/**
 * Refunds `amount` (minor units of `currency`) of the booking's online payment. Throws SERVICE_UNAVAILABLE when the
 * gateway refuses or cannot be reached: nothing else changed, and the same call may be made again.
 */
export async function refundPayment(
  ctx: AppContext,
  payment: {
    key: string;
    bookingId: string;
    provider: PaymentProvider;
    reference: string | null;
    amount: number;
    currency: string;
  },
  /** Where the refund is recorded: the database, or the transaction of the change it pays back (issue #25 item 2). */
  db: DbOrTx = ctx.db,
): Promise<Refund> {
  const recorded = await repository.recordRefund(db, { ...payment, paymentReference: payment.reference });
  const done = (reference: string): Refund => ({
    provider: recorded.provider,
    amount: recorded.amount,
    currency: recorded.currency,
    reference,
  });
  if (recorded.status === 'succeeded' && recorded.providerReference) return done(recorded.providerReference);
  try {
    if (recorded.provider === 'demo') return done(`demo_${recorded.key}`);
    if (!payment.reference) throw new Error('the booking has no payment reference');
    if (recorded.provider === 'stripe') {
      if (!ctx.payments.stripe) throw new Error('the card provider is not configured');
      const refund = await ctx.payments.stripe.refund({
        sessionId: payment.reference,
        amount: recorded.amount,
        bookingId: payment.bookingId,
        key: recorded.key,
      });
      return done(refund.id);
    }
    if (!ctx.payments.paypal) throw new Error('the wallet provider is not configured');
    const refund = await ctx.payments.paypal.refundOrder({
      orderId: payment.reference,
      amount: recorded.amount,
      currency: recorded.currency,
      bookingId: payment.bookingId,
      key: recorded.key,
    });
    return done(refund.id);
  } catch (error) {
    ctx.log.error({ err: error, bookingId: payment.bookingId, provider: recorded.provider }, 'refund failed');
    throw new AppError('SERVICE_UNAVAILABLE', 'The refund could not be made. Nothing was changed; try again later.');
  }
}

/** Marks the refund under `key` made, in the transaction of the change it pays back (a cancellation, a change). */
export async function confirmRefund(_ctx: AppContext, tx: DbOrTx, key: string, reference: string) {
  await repository.markRefunded(tx, key, reference);
}

/** The cancellation refund made for a booking, or null. */
export async function refundMade(ctx: AppContext, bookingId: string): Promise<Refund | null> {
  const row = await repository.findRefund(ctx.db, cancellationRefundKey(bookingId));
  if (row?.status !== 'succeeded' || !row.providerReference) return null;
  return { provider: row.provider, amount: row.amount, currency: row.currency, reference: row.providerReference };
}

/** What was refunded from the payment `reference` of a booking, leaving out the refunds under `exceptKeyPrefix`. */
export const refundedFromPayment = (
  _ctx: AppContext,
  db: DbOrTx,
  bookingId: string,
  reference: string,
  exceptKeyPrefix: string,
) => repository.refundedFrom(db, bookingId, reference, exceptKeyPrefix);
