import type { PaymentProvider } from '@roam/contract/bookings';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { creditRefund } from '#server/features/invoices/invoice-issue.service.ts';
import { type GatewayEvent, recordGatewayEvent } from '#server/features/ledger/gateway-events.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './refunds.repository.ts';

// Refunds through the gateway the money was taken with (cancellation queue; docs/architecture.md §5 Payment
// gateways): the card provider's Refunds API (official SDK), the wallet provider's Payments v2 capture refund, or the
// demo gateway, whose record is this table. Each refund names the ledger's payment it gives back (`paymentId`; the
// ledger: features/ledger/), and a refund split across a booking's payments is refund-split.service.ts. Each refund is recorded first under its idempotency key, and the gateway is asked under that
// key: a retried or concurrent call reuses the record and its amount, and the gateway answers a replay with the refund
// it already made, so each refund is made once. A booking may have several (a change's difference,
// then its cancellation): `cancellationRefundKey` is the cancellation's, `amendmentRefundKey` a change's.

/** The key of a booking's cancellation refund (the one key of refunds made before a change could be refunded). */
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
    /** The ledger's payment given back, and its kind: a charge, or a capture of a deposit hold. */
    paymentId: string;
    kind: 'charge' | 'capture';
  },
  /** Where the refund is recorded: the database, or the transaction of the change it pays back. */
  db: DbOrTx = ctx.db,
): Promise<Refund> {
  const recorded = await repository.recordRefund(db, { ...payment, paymentReference: payment.reference });
  const done = (reference: string): Refund => ({
    // A gateway's: a refund at the desk is recorded by refunds/counter-refunds.service.ts, never here.
    provider: payment.provider,
    amount: recorded.amount,
    currency: recorded.currency,
    reference,
  });
  if (recorded.status === 'succeeded' && recorded.providerReference) return done(recorded.providerReference);
  try {
    if (recorded.provider === 'demo') {
      await recordGatewayEvent(
        db,
        refundAnswer(ctx, { ...recorded, provider: payment.provider }, `demo_${recorded.key}`, 'succeeded'),
      );
      return done(`demo_${recorded.key}`);
    }
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
    const paypal = ctx.payments.paypal;
    if (!paypal) throw new Error('the wallet provider is not configured');
    // The ledger keeps an order's id for a payment (checkout, a change, a charge to the vault) and the capture's own id
    // for a capture of a deposit hold (holds.service.ts), which no order names.
    const asked = { amount: recorded.amount, currency: recorded.currency, key: recorded.key };
    const refund =
      payment.kind === 'capture'
        ? await paypal.refundCapture({ ...asked, captureId: payment.reference })
        : await paypal.refundOrder({ ...asked, orderId: payment.reference });
    await recordGatewayEvent(
      db,
      refundAnswer(ctx, { ...recorded, provider: payment.provider }, refund.id, refund.status),
    );
    return done(refund.id);
  } catch (error) {
    ctx.log.error({ err: error, bookingId: payment.bookingId, provider: recorded.provider }, 'refund failed');
    throw new AppError('SERVICE_UNAVAILABLE', 'The refund could not be made. Nothing was changed; try again later.');
  }
}

/**
 * The wallet's (and the demo gateway's) answer that a refund was made, stored as its confirmation
 * (docs/decisions/0015-reconciliation.md): neither sends Roam a webhook. The card provider's refunds are confirmed by
 * its signed `refund.*` events only.
 */
function refundAnswer(
  ctx: AppContext,
  refund: { key: string; provider: PaymentProvider; bookingId: string; amount: number; currency: string },
  reference: string,
  status: string,
): GatewayEvent {
  return {
    gateway: refund.provider,
    eventId: `refund-${reference}`,
    type: 'refund.answered',
    objectId: reference,
    amount: refund.amount,
    currency: refund.currency,
    status,
    movement: status === 'COMPLETED' || status === 'succeeded' ? 'refund' : null,
    bookingId: refund.bookingId,
    receivedAt: ctx.clock.now(),
    payload: { source: refund.provider === 'demo' ? 'demo' : 'api' },
  };
}

/**
 * Marks the refund under `key` made, in the transaction of the change it pays back (a cancellation, a change), and
 * issues its credit note there when the payment it gives back was invoiced (docs/decisions/0011-invoices.md): every
 * refund is confirmed here, so none is credited twice or forgotten.
 */
export async function confirmRefund(ctx: AppContext, tx: DbOrTx, key: string, reference: string) {
  await repository.markRefunded(tx, key, reference);
  const refund = await repository.findRefund(tx, key);
  if (refund) await creditRefund(ctx, tx, refund);
}

/**
 * One refund as the driver and the operator see it (a refund split across a booking's payments):
 * the total of its parts, named by the part with the first key — the booking's own payment's when a part came from
 * it (its key is the others' prefix).
 */
export function refundTotal(parts: readonly { key: string; refund: Refund }[]): Refund | null {
  const [first] = [...parts].sort((a, b) => (a.key < b.key ? -1 : 1));
  if (!first) return null;
  return { ...first.refund, amount: parts.reduce((sum, part) => sum + part.refund.amount, 0) };
}

/** The cancellation refund made for a booking — every part of it, from each payment — or null. */
export async function refundMade(ctx: AppContext, bookingId: string): Promise<Refund | null> {
  const rows = await repository.refundsUnder(ctx.db, bookingId, cancellationRefundKey(bookingId));
  const parts = rows.flatMap((row) =>
    row.status === 'succeeded' && row.providerReference && row.provider !== 'counter'
      ? [
          {
            key: row.key,
            refund: {
              provider: row.provider,
              amount: row.amount,
              currency: row.currency,
              reference: row.providerReference,
            },
          },
        ]
      : [],
  );
  return refundTotal(parts);
}

/** The refunds of a booking under `key` and its parts (`key`-…), in `db`: a retried refund finds its own. */
export const refundsUnder = (_ctx: AppContext, db: DbOrTx, bookingId: string, key: string) =>
  repository.refundsUnder(db, bookingId, key);
