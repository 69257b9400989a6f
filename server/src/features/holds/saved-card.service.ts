import type { PaymentOption } from '@roam/contract/bookings';
import type { PaymentPurpose } from '@roam/contract/ledger';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { type PaymentRow, recordPayment } from '#server/features/ledger/ledger.service.ts';
import * as repository from './holds.repository.ts';
import * as cards from './saved-card.repository.ts';

// The card saved at checkout and what is charged to it after the rental (docs/decisions/0014-charges-after-the-
// rental.md): the payer's explicit consent is recorded with the booking; the confirmed payment leaves the card
// provider's customer and payment method (never the number). A charge after the rental — the return's balance above
// the deposit held, a toll or a fine added later — is taken from it without the payer (`off_session`), once under its
// own key; refused, asking for authentication, or with no card saved, the caller sends the payment link instead.

export type SavedCard = { provider: 'stripe' | 'demo'; customer: string; paymentMethod: string };

/** The payer agreed at checkout that charges after the rental are taken from the card (in the booking's `tx`). */
export const recordCardConsent = (ctx: AppContext, tx: DbOrTx, bookingId: string) =>
  cards.insertConsent(tx, bookingId, ctx.clock.now());

/** The card the confirmed payment saved, in the transaction that confirms it. */
export const storeSavedCard = (_ctx: AppContext, tx: DbOrTx, bookingId: string, card: SavedCard) =>
  cards.storeCard(tx, { bookingId, ...card });

/** Whether a deposit is held beside the rental's payment: paid in full, and the car asks for one. */
export const holdsDepositBeside = (booking: { paymentOption: PaymentOption; depositAmount: number }) =>
  booking.paymentOption === 'full' && booking.depositAmount > 0;

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
  if (!row?.consentedAt || !row.customer || !row.paymentMethod) return null;
  if (row.provider !== 'stripe' && row.provider !== 'demo') return null;
  return { provider: row.provider, customer: row.customer, paymentMethod: row.paymentMethod };
}

export type OffSessionOutcome =
  /** `repeated`: recorded before, under the same key (a retry): nothing new was taken. */
  | { outcome: 'charged'; payment: PaymentRow; repeated: boolean }
  | { outcome: 'noCard' }
  | { outcome: 'declined'; code: string };

/**
 * Charges `amount` towards the booking to its saved card, without the payer, once under `key` (the gateway is asked
 * under the same key: a retry gets the first answer, and a charge already recorded is answered without asking).
 * The payment is recorded (and invoiced: docs/decisions/0011-invoices.md) on the booking's locked row.
 */
export async function chargeOffSession(
  ctx: AppContext,
  charge: {
    booking: { id: string; supplierId: string; currency: string };
    amount: number;
    purpose: PaymentPurpose;
    key: string;
  },
): Promise<OffSessionOutcome> {
  const earlier = await repository.paymentByKey(ctx.db, charge.key);
  if (earlier?.status === 'succeeded') return { outcome: 'charged', payment: earlier, repeated: true };
  const card = await chargeableCard(ctx, ctx.db, charge.booking.id);
  if (!card || charge.amount <= 0) return { outcome: 'noCard' };
  let reference = `demo_${charge.key}`;
  if (card.provider === 'stripe') {
    const stripe = ctx.payments.stripe;
    if (!stripe) return { outcome: 'noCard' };
    try {
      const answer = await stripe.chargeSavedCard({
        customer: card.customer,
        paymentMethod: card.paymentMethod,
        amount: charge.amount,
        currency: charge.booking.currency,
        bookingId: charge.booking.id,
        key: charge.key,
      });
      if ('declined' in answer) return { outcome: 'declined', code: answer.declined };
      reference = answer.charged.id;
    } catch (error) {
      // The provider unreachable: nothing was taken; the payer is sent the link (they may pay it themselves).
      ctx.log.warn({ err: error, bookingId: charge.booking.id }, 'off-session charge failed');
      return { outcome: 'declined', code: 'unavailable' };
    }
  }
  const payment = await ctx.db.transaction(async (tx) => {
    await repository.lockBookingRow(tx, charge.booking.id);
    return recordPayment(ctx, tx, {
      bookingId: charge.booking.id,
      supplierId: charge.booking.supplierId,
      kind: 'charge',
      purpose: charge.purpose,
      provider: card.provider,
      providerReference: reference,
      idempotencyKey: charge.key,
      amount: charge.amount,
      currency: charge.booking.currency,
      status: 'succeeded',
      settledAt: ctx.clock.now(),
    });
  });
  return { outcome: 'charged', payment, repeated: false };
}
