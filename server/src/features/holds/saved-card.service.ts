import type { PaymentOption } from '@roam/contract/bookings';
import type { PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { invoicePayment } from '#server/features/invoices/invoice-issue.service.ts';
import { paymentAnswer, recordGatewayEvent } from '#server/features/ledger/gateway-events.repository.ts';
import { type PaymentRow, recordPayment } from '#server/features/ledger/ledger.service.ts';
import * as repository from './holds.repository.ts';
import * as cards from './saved-card.repository.ts';

// The card saved at checkout and what is charged to it after the rental (docs/decisions/0014-charges-after-the-
// rental.md): the payer's explicit consent is recorded with the booking; the confirmed payment leaves the card
// provider's customer and payment method (never the number), or the wallet's vault id (the payer's PayPal kept in its
// vault). A charge after the rental — the return's balance above the deposit held, a toll or a fine added later — is
// taken from it without the payer (`off_session`; the wallet: an order naming the vault id), once under its own key;
// refused, asking for authentication, or with nothing saved, the caller sends the payment link instead.

/** `paymentMethod`: the card provider's payment method, or the wallet's vault id (`customer`: its customer). */
export type SavedCard = { provider: 'stripe' | 'demo' | 'paypal'; customer: string; paymentMethod: string };

/** The payer agreed at checkout that charges after the rental are taken from the card (in the booking's `tx`). */
export const recordCardConsent = (ctx: AppContext, tx: DbOrTx, bookingId: string) =>
  cards.insertConsent(tx, bookingId, ctx.clock.now());

/** The card the confirmed payment saved, in the transaction that confirms it. */
export const storeSavedCard = (_ctx: AppContext, tx: DbOrTx, bookingId: string, card: SavedCard) =>
  cards.storeCard(tx, { bookingId, ...card });

/** Whether a deposit is held beside the rental's payment: paid in full, and the car asks for one. */
export const holdsDepositBeside = (booking: { paymentOption: PaymentOption; depositAmount: number }) =>
  booking.paymentOption === 'full' && booking.depositAmount > 0;

/** Whether the payer agreed at checkout that charges after the rental are taken from what they pay with. */
export async function consentedToCharges(_ctx: AppContext, db: DbOrTx, bookingId: string) {
  return (await cards.savedCardOf(db, bookingId))?.consentedAt != null;
}

/** Whether the payment keeps the card: the payer's consent, or a deposit to hold beside a payment in full. */
export async function keepsCard(
  _ctx: AppContext,
  db: DbOrTx,
  booking: { id: string; paymentOption: PaymentOption; depositAmount: number },
) {
  if (holdsDepositBeside(booking)) return true;
  return (await cards.savedCardOf(db, booking.id))?.consentedAt != null;
}

/** The card saved with the payer's consent to charges after the rental, or null. */
export async function chargeableCard(_ctx: AppContext, db: DbOrTx, bookingId: string): Promise<SavedCard | null> {
  const row = await cards.savedCardOf(db, bookingId);
  // The wallet's vault id is charged alone; a card is charged as its customer's payment method.
  if (!row?.consentedAt || !row.paymentMethod || (row.provider !== 'paypal' && !row.customer)) return null;
  if (row.provider !== 'stripe' && row.provider !== 'demo' && row.provider !== 'paypal') return null;
  return { provider: row.provider, customer: row.customer ?? '', paymentMethod: row.paymentMethod };
}

export type OffSessionOutcome =
  /** `repeated`: recorded before, under the same key (a retry): nothing new was taken. */
  | { outcome: 'charged'; payment: PaymentRow; repeated: boolean }
  | { outcome: 'noCard' }
  /** Nothing owed once the booking was locked (`decide` answered null or 0). */
  | { outcome: 'nothingDue' }
  /** A charge decided before is still being asked of the provider: nothing to do now. */
  | { outcome: 'underWay' }
  | { outcome: 'declined'; code: string };

type Decision = { amount: number; purpose: PaymentPurpose };

/**
 * Charges what `decide` finds owed (read on the booking's locked row) to its saved card, without the payer, once
 * under `key`. The decision is written in that transaction as a `pending` charge, which the balance counts as being
 * paid (contract `bookingBalance`, `charging`): a desk payment made while the provider is asked sees nothing due, so
 * the two never pay the same money twice. Then the provider is asked under the same key (a retry, or a restart, gets
 * the first answer), then the charge is marked taken and invoiced (docs/decisions/0011-invoices.md) — or, refused,
 * forgotten: nothing was taken and the balance is due again.
 */
export async function chargeOffSession(
  ctx: AppContext,
  charge: { booking: { id: string; supplierId: string; currency: string }; key: string },
  decide: (tx: DbOrTx) => Promise<Decision | null>,
): Promise<OffSessionOutcome> {
  const plan = await ctx.db.transaction(async (tx) => {
    await repository.lockBookingRow(tx, charge.booking.id);
    const card = await chargeableCard(ctx, tx, charge.booking.id);
    const earlier = await repository.paymentByKey(tx, charge.key);
    if (earlier?.status === 'succeeded') return { done: earlier, card };
    // A decision left pending (a restart while the provider was asked, or a request still asking): asked again.
    if (earlier?.status === 'pending') return { pending: earlier, card, resumed: true };
    const owed = await decide(tx);
    if (!owed || owed.amount <= 0) return { nothingDue: true, card };
    if (!card) return { card };
    const pending = await recordPayment(ctx, tx, {
      bookingId: charge.booking.id,
      supplierId: charge.booking.supplierId,
      kind: 'charge',
      purpose: owed.purpose,
      provider: card.provider,
      idempotencyKey: charge.key,
      amount: owed.amount,
      currency: charge.booking.currency,
      status: 'pending',
    });
    return { pending, card, resumed: false };
  });
  if (plan.done) return { outcome: 'charged', payment: plan.done, repeated: true };
  if (plan.nothingDue) return { outcome: 'nothingDue' };
  if (!plan.pending || !plan.card) return { outcome: 'noCard' };
  const { pending, card, resumed } = plan;
  const answer = await askCardProvider(ctx, card, pending);
  if ('declined' in answer) {
    // A decision resumed whose provider could not answer (the request that made it may still be waiting for it, or
    // the provider is down): left pending, asked again by the next call.
    if (resumed && answer.declined === 'unavailable') return { outcome: 'underWay' };
    // Refused: nothing was taken, the decision is forgotten (the balance is due again; the caller sends the link).
    await repository.forgetPending(ctx.db, pending.idempotencyKey);
    return { outcome: 'declined', code: answer.declined };
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    await repository.lockBookingRow(tx, charge.booking.id);
    const now = ctx.clock.now();
    const taken = await repository.markCaptured(tx, pending.idempotencyKey, answer.reference, now);
    if (taken) await invoicePayment(ctx, tx, taken);
    // The wallet and the demo gateway send no webhook: their answer is the charge's confirmation, kept with it
    // (docs/decisions/0015-reconciliation.md); the card provider's comes as `payment_intent.succeeded`.
    if (taken && answer.confirmed && (taken.provider === 'paypal' || taken.provider === 'demo')) {
      const { bookingId, amount, currency } = taken;
      const confirmed = { gateway: taken.provider, type: 'charge', reference: answer.reference, ...answer.confirmed };
      await recordGatewayEvent(tx, paymentAnswer(now, { ...confirmed, bookingId, amount, currency }));
    }
    return { taken, row: taken ?? (await repository.paymentByKey(tx, pending.idempotencyKey)) };
  });
  const payment = recorded.row;
  if (payment?.status !== 'succeeded') return { outcome: 'declined', code: 'unavailable' };
  // Marked taken by this call: its receipt is still to send (also when it finished a decision left pending).
  return { outcome: 'charged', payment, repeated: !recorded.taken };
}

/** The gateway's answer: what it took (and, where no webhook confirms it, its status), or why it did not. */
type Answer = { reference: string; confirmed?: { status: string; intent?: string | null } } | { declined: string };

/**
 * Asks the gateway the card (or the wallet's vault) is saved with to charge the pending row's amount under its key;
 * the demo gateway takes it at once.
 */
async function askCardProvider(ctx: AppContext, card: SavedCard, pending: PaymentRow): Promise<Answer> {
  if (card.provider === 'demo')
    return { reference: `demo_${pending.idempotencyKey}`, confirmed: { status: 'succeeded' } };
  if (card.provider === 'paypal') return askWalletVault(ctx, card, pending);
  const stripe = ctx.payments.stripe;
  if (!stripe) return { declined: 'unavailable' };
  try {
    const answer = await stripe.chargeSavedCard({
      customer: card.customer,
      paymentMethod: card.paymentMethod,
      amount: pending.amount,
      currency: pending.currency,
      bookingId: pending.bookingId,
      key: pending.idempotencyKey,
    });
    return 'declined' in answer ? answer : { reference: answer.charged.id };
  } catch (error) {
    // The provider unreachable: nothing was taken; the payer is sent the link (they may pay it themselves).
    ctx.log.warn({ err: error, bookingId: pending.bookingId }, 'off-session charge failed');
    return { declined: 'unavailable' };
  }
}

/**
 * Charges the pending row's amount to the payer's PayPal kept in the wallet's vault, as an order of its own under the
 * row's key (PayPal-Request-Id: a retry gets the first order back). The order is the ledger's reference, as a
 * booking's wallet payment's is, so a refund finds its capture.
 */
async function askWalletVault(ctx: AppContext, card: SavedCard, pending: PaymentRow): Promise<Answer> {
  const paypal = ctx.payments.paypal;
  if (!paypal) return { declined: 'unavailable' };
  try {
    const answer = await paypal.chargeVault({
      vaultId: card.paymentMethod,
      amount: pending.amount,
      currency: pending.currency,
      bookingId: pending.bookingId,
      key: pending.idempotencyKey,
    });
    if ('declined' in answer) return answer;
    return { reference: answer.charged.id, confirmed: { status: 'COMPLETED', intent: answer.charged.captureId } };
  } catch (error) {
    ctx.log.warn({ err: error, bookingId: pending.bookingId }, 'wallet vault charge failed');
    return { declined: 'unavailable' };
  }
}
