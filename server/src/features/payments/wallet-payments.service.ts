import type { CreatePaypalOrderBody } from '@roam/contract/checkout';
import { toMinor } from '@roam/contract/money';
import type { AppContext } from '#server/context.ts';
import { PaypalError, type PaypalGateway, type PaypalOrder } from '#server/features/gateways/paypal.gateway.ts';
import { holdExpiry } from '#server/features/holds/holds.service.ts';
import { holdsDepositBeside, keepsCard } from '#server/features/holds/saved-card.service.ts';
import { recordGatewayEvent, walletOrderConfirmation } from '#server/features/ledger/gateway-events.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookingFor, type Payer } from './payment-party.service.ts';
import * as repository from './payments.repository.ts';
import {
  assertAwaitingPayment,
  confirmBookingPayment,
  depositBesideKey,
  failBookingPayment,
  type HeldPayment,
} from './payments.service.ts';

// The wallet provider's side of paying a booking (spec §7: create-paypal-order, check-paypal-order); it ends, as every
// gateway does, in payments.service.ts `confirmBookingPayment` or `failBookingPayment`.

function requirePaypal(ctx: AppContext): PaypalGateway {
  if (!ctx.payments.paypal) throw new AppError('NOT_FOUND', 'The wallet provider is not configured.');
  return ctx.payments.paypal;
}

/** `POST /api/create-paypal-order/` (spec §7): the order is made from the booking; the client's figures must agree. */
export async function createWalletOrder(ctx: AppContext, payer: Payer, body: CreatePaypalOrderBody) {
  const paypal = requirePaypal(ctx);
  const booking = await bookingFor(ctx, body.bookingId, payer);
  assertAwaitingPayment(booking);
  if (body.currency !== booking.currency || toMinor(body.amount, body.currency) !== booking.chargedAmount) {
    throw new AppError('BAD_REQUEST', 'The amount does not match the booking.');
  }
  try {
    const asked = {
      bookingId: booking.id,
      amount: booking.chargedAmount,
      currency: booking.currency,
      name: body.name,
      description: body.description,
      // The deposit option authorises, not captures (docs/decisions/0012-deposit-holds.md).
      hold: booking.paymentOption === 'deposit',
    };
    // Their PayPal is kept in the wallet's vault when the payer agreed at checkout to charges after the rental, or to
    // hold the car's deposit beside a payment in full, as a card is kept (docs/decisions/0014-charges-after-the-rental.md).
    const vault = await keepsCard(ctx, ctx.db, booking);
    const order = await paypal.createOrder({ ...asked, vault }).catch((error: unknown) => {
      // An app PayPal does not let save payment methods (vaulting not enabled): the payment goes on without the vault,
      // its later charges by payment link and its deposit at the desk, rather than not at all.
      if (!vault || !(error instanceof PaypalError) || error.issue !== 'NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE')
        throw error;
      ctx.log.warn({ bookingId: booking.id }, "PayPal refused to keep the payer's PayPal: vaulting is not enabled");
      return paypal.createOrder({ ...asked, vault: false });
    });
    await repository.setPaymentReference(ctx.db, booking.id, 'paypal', order.id);
    return { orderId: order.id };
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, bookingId: booking.id }, 'wallet order could not be created');
    throw new AppError('SERVICE_UNAVAILABLE', 'Something went wrong! Try again later');
  }
}

/** `POST /api/check-paypal-order/{bookingId}/{orderId}` (spec §7): verify, capture if approved, confirm. */
export async function checkWalletOrder(ctx: AppContext, payer: Payer, bookingId: string, orderId: string) {
  const paypal = requirePaypal(ctx);
  const booking = await bookingFor(ctx, bookingId, payer);
  if (booking.paymentProvider === 'paypal' && booking.paymentReference && booking.paymentReference !== orderId) {
    throw new AppError('NOT_FOUND', 'Unknown order.');
  }
  const hold = booking.paymentOption === 'deposit';
  let order: Awaited<ReturnType<PaypalGateway['getOrder']>>;
  try {
    order = await paypal.getOrder(orderId);
    if (order.bookingId !== bookingId) throw new AppError('NOT_FOUND', 'Unknown order.');
    if (order.status === 'APPROVED') {
      const done = hold ? await paypal.authorizeOrder(orderId) : await paypal.captureOrder(orderId);
      order = { ...done, bookingId, amount: order.amount, currency: order.currency };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.warn({ err: error, bookingId, orderId }, 'wallet order check failed');
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  if (order.status !== 'COMPLETED') {
    if (order.status === 'VOIDED') await failBookingPayment(ctx, bookingId);
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  const event = walletOrderConfirmation(ctx.clock.now(), bookingId, order);
  if (order.amount !== booking.chargedAmount || order.currency !== booking.currency) {
    // Kept: the reconciliation shows what the wallet took against what the booking asked.
    await recordGatewayEvent(ctx.db, event);
    ctx.log.error({ bookingId, orderId }, 'wallet payment amount does not match the booking');
    throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  }
  if (hold && !order.authorizationId) throw new AppError('PAYMENT_FAILED', 'Payment failed.');
  const held = heldBy(ctx, order) ?? undefined;
  // The vault id the completed order answered (asked with the payer's consent, or for the deposit beside a payment in
  // full) is kept with the payment.
  const card = order.vault
    ? { provider: 'paypal' as const, customer: order.vault.customer ?? '', paymentMethod: order.vault.id }
    : null;
  const deposit = card ? await depositBeside(ctx, booking, card.paymentMethod) : null;
  return confirmBookingPayment(ctx, bookingId, 'paypal', orderId, held, { event, card, deposit });
}

/**
 * The car's deposit held on the vaulted PayPal beside a payment in full (docs/decisions/0014-charges-after-the-rental.md),
 * as the card's is held beside it: an order with intent AUTHORIZE naming the vault, under the booking's deposit key (a
 * replayed check gets the same authorization back). Asked only while the booking awaits its payment; a refusal or the
 * wallet unreachable leaves the deposit to the desk, as before.
 */
async function depositBeside(
  ctx: AppContext,
  booking: repository.PayableBooking,
  vaultId: string,
): Promise<HeldPayment | null> {
  const paypal = ctx.payments.paypal;
  if (!paypal || !holdsDepositBeside(booking) || booking.status !== 'void' || booking.paidAt) return null;
  try {
    const answer = await paypal.authorizeVault({
      vaultId,
      amount: booking.depositAmount,
      currency: booking.currency,
      bookingId: booking.id,
      key: depositBesideKey(booking.id),
    });
    if ('declined' in answer) {
      ctx.log.warn({ bookingId: booking.id, issue: answer.declined }, 'deposit beside the wallet payment refused');
      return null;
    }
    return heldBy(ctx, answer.held);
  } catch (error) {
    ctx.log.warn({ err: error, bookingId: booking.id }, 'deposit beside the wallet payment not held');
    return null;
  }
}

/** What an authorised order holds: its authorization and when it lapses (PayPal's answer, else a card's limit). */
function heldBy(ctx: AppContext, order: PaypalOrder): HeldPayment | null {
  if (!order.authorizationId) return null;
  const expiresAt = order.authorizationExpiresAt ? new Date(order.authorizationExpiresAt) : holdExpiry(ctx.clock.now());
  return { reference: order.authorizationId, expiresAt };
}
