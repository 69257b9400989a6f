import type { PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { invoicePayment } from '#server/features/invoices/invoice-issue.service.ts';
import { paymentAnswer, recordGatewayEvent } from '#server/features/ledger/gateway-events.repository.ts';
import { recordPayment } from '#server/features/ledger/ledger.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './holds.repository.ts';

// The security deposit held on the card, not charged (docs/decisions/0012-deposit-holds.md): a hold is an
// `authorization` of the ledger (purpose `deposit`); at the close of the rental what is owed is captured from it (a
// `capture` naming it, invoiced like any money taken) and the rest released; a hold that lapses at the provider is
// `expired`. Every gateway call carries a key of its own and each step is written so that doing it again (a retry,
// a restart between the gateway's answer and our write, a webhook replayed) changes nothing twice. At the bottom of
// the money layers with the ledger and the gateways: the counter passes what is owed (`dueOf`).

export type HoldProvider = 'demo' | 'stripe' | 'paypal' | 'counter';

/** How long a hold lasts where the provider does not say: the card provider cancels an uncaptured one after 7 days. */
export const HOLD_DAYS = 7;
const DAY_MS = 86_400_000;
export const holdExpiry = (from: Date) => new Date(from.getTime() + HOLD_DAYS * DAY_MS);

const captureKey = (holdId: string) => `capture-${holdId}`;
const releaseKey = (holdId: string) => `release-${holdId}`;

/** A hold that succeeded, recorded once under `key` in `tx` (the transaction that confirms what it was for). */
export function recordHold(
  ctx: AppContext,
  tx: DbOrTx,
  hold: {
    booking: { id: string; supplierId: string; currency: string };
    provider: HoldProvider;
    reference: string | null;
    amount: number;
    key: string;
    expiresAt: Date | null;
    /** A deposit held at the desk: its method and the operator. */
    method?: 'cash' | 'card_terminal' | 'bank_transfer';
    recordedBy?: string;
  },
) {
  return recordPayment(ctx, tx, {
    bookingId: hold.booking.id,
    supplierId: hold.booking.supplierId,
    kind: 'authorization',
    purpose: 'deposit',
    provider: hold.provider,
    providerReference: hold.reference,
    method: hold.method ?? null,
    recordedBy: hold.recordedBy ?? null,
    idempotencyKey: hold.key,
    amount: hold.amount,
    currency: hold.booking.currency,
    status: 'succeeded',
    expiresAt: hold.expiresAt,
    settledAt: ctx.clock.now(),
  });
}

type Owed = { due: number; purpose: PaymentPurpose };

/**
 * At the close of a rental: from each open hold, what is owed (`dueOf`, read on the booking's locked row; null: the
 * booking is not being closed) is captured, and the rest released — all of it when nothing is owed. The decision is
 * recorded first (a `pending` capture under the hold's key), then the gateway is asked under that key, then the
 * capture and the release are written: a restart anywhere in between finds the decision and finishes it.
 * Throws SERVICE_UNAVAILABLE when a gateway cannot be reached (nothing is lost; the close may be tried again).
 */
export async function settleHolds(
  ctx: AppContext,
  bookingId: string,
  dueOf: (tx: DbOrTx) => Promise<Owed | null>,
): Promise<void> {
  const plan = await ctx.db.transaction(async (tx) => {
    const booking = await repository.lockBookingRow(tx, bookingId);
    if (!booking) return [];
    if ((await repository.openHolds(tx, bookingId)).length === 0) return [];
    const owed = await dueOf(tx);
    if (!owed) return [];
    return decideCaptures(ctx, tx, bookingId, owed);
  });
  await finishCaptures(ctx, plan);
}

type Step = { hold: repository.HoldRow; capture: repository.HoldRow | null };

/**
 * In `tx`, which holds the booking's row lock: decides what of `owed` each open hold gives, oldest first, as a
 * `pending` capture under the hold's key (one decided before — a retry — stays as it was). A cancellation records
 * its fee this way in its own transaction (docs/decisions/0012-deposit-holds.md), so the fee survives a restart.
 */
export async function decideCaptures(ctx: AppContext, tx: DbOrTx, bookingId: string, owed: Owed): Promise<Step[]> {
  const holds = await repository.openHolds(tx, bookingId);
  let due = owed.due;
  const steps: Step[] = [];
  for (const { hold, captured } of holds) {
    let capture = await repository.paymentByKey(tx, captureKey(hold.id));
    const take = Math.min(due, hold.amount - hold.releasedAmount - captured);
    if (!capture && take > 0) {
      capture = await recordPayment(ctx, tx, {
        bookingId,
        supplierId: hold.supplierId,
        kind: 'capture',
        parentId: hold.id,
        purpose: owed.purpose,
        provider: hold.provider,
        method: hold.method,
        recordedBy: hold.recordedBy,
        idempotencyKey: captureKey(hold.id),
        amount: take,
        currency: hold.currency,
        status: 'pending',
      });
    }
    due -= capture?.amount ?? 0;
    steps.push({ hold, capture });
  }
  return steps;
}

/** Asks each hold's gateway to capture (the rest released) or release, then records it and invoices the capture. */
async function finishCaptures(ctx: AppContext, plan: Step[]) {
  for (const { hold, capture } of plan) {
    const answer = await askGateway(ctx, hold, capture);
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      if (capture) {
        const taken = await repository.markCaptured(tx, capture.idempotencyKey, answer.reference, now);
        // Money taken towards the booking gets its invoice in the transaction that records it (ADR 0011), and the
        // gateway's answer is stored there as its confirmation where no webhook will confirm it (the wallet, the
        // demo gateway: docs/decisions/0015-reconciliation.md); the card provider's comes as `payment_intent.succeeded`.
        if (taken) await invoicePayment(ctx, tx, taken);
        if (taken && answer.status && (taken.provider === 'paypal' || taken.provider === 'demo')) {
          const { bookingId, amount, currency } = taken;
          const confirmed = {
            gateway: taken.provider,
            type: 'capture',
            reference: answer.reference,
            status: answer.status,
          };
          await recordGatewayEvent(tx, paymentAnswer(now, { ...confirmed, bookingId, amount, currency }));
        }
      }
      await repository.markReleased(tx, hold.id, hold.amount - hold.releasedAmount - (capture?.amount ?? 0), now);
    });
  }
}

/**
 * Captures (the rest released) or releases the hold at its gateway; answers the capture's reference and, where the
 * gateway's answer is its only confirmation (the wallet, the demo gateway), the status it answered.
 */
async function askGateway(
  ctx: AppContext,
  hold: repository.HoldRow,
  capture: repository.HoldRow | null,
): Promise<{ reference: string; status: string | null }> {
  const reference = hold.providerReference ?? '';
  try {
    if (hold.provider === 'stripe') {
      const stripe = ctx.payments.stripe;
      if (!stripe) throw new Error('the card provider is not configured');
      if (capture) {
        await stripe.captureIntent({ intentId: reference, amount: capture.amount, key: capture.idempotencyKey });
      } else await stripe.cancelIntent({ intentId: reference, key: releaseKey(hold.id) });
      return { reference, status: null };
    }
    if (hold.provider === 'paypal') {
      const paypal = ctx.payments.paypal;
      if (!paypal) throw new Error('the wallet provider is not configured');
      if (!capture) {
        await paypal.voidAuthorization({ authorizationId: reference, key: releaseKey(hold.id) });
        return { reference, status: null };
      }
      const taken = await paypal.captureAuthorization({
        authorizationId: reference,
        amount: capture.amount,
        currency: capture.currency,
        key: capture.idempotencyKey,
      });
      return { reference: taken.id, status: taken.status };
    }
    // The demo gateway's holds and the desk's are their ledger rows: nothing to ask (the desk's is not reconciled).
    const simulated = `${hold.provider}_${capture?.idempotencyKey ?? releaseKey(hold.id)}`;
    return { reference: simulated, status: hold.provider === 'demo' ? 'succeeded' : null };
  } catch (error) {
    ctx.log.error({ err: error, holdId: hold.id, provider: hold.provider }, 'deposit hold could not be settled');
    throw new AppError('SERVICE_UNAVAILABLE', 'The deposit held could not be settled. Nothing was lost; try again.');
  }
}

/**
 * The provider says a hold ended without us (the card provider cancelled an uncaptured intent after 7 days): an open
 * hold becomes `expired`; one already captured, released or expired stays as it is (a replay changes nothing).
 */
export async function holdLapsed(ctx: AppContext, provider: 'stripe' | 'paypal', reference: string) {
  const rows = await repository.markExpired(ctx.db, provider, reference, ctx.clock.now());
  for (const row of rows) ctx.log.warn({ bookingId: row.bookingId, holdId: row.id }, 'deposit hold lapsed');
  return rows.length;
}
