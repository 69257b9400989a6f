import type { CheckoutBody, CheckoutResult } from '@roam/contract/checkout';
import { LanguageSchema } from '@roam/contract/languages.schema';
import type { AppContext } from '#server/context.ts';
import { bookingSummaries } from '#server/features/bookings/bookings.service.ts';
import { startCardPayment } from '#server/features/payments/card-payments.service.ts';
import { type CheckoutQuote, priceCheckout } from './checkout-pricing.service.ts';
import { type CheckoutOrder, type Customer, validateCheckout } from './checkout-validation.service.ts';
import { type PlacedBooking, placeBooking } from './place-booking.service.ts';

// Server checkout (docs/architecture.md §5 Bookings), in four steps of their own: validate
// (checkout-validation.service.ts) → price (checkout-pricing.service.ts) → place the booking in one transaction
// (place-booking.service.ts) → start the payment.

/** The card gateway's session of an online payment (null: pay later, or no card gateway — the wallet then pays). */
async function startPayment(
  ctx: AppContext,
  order: CheckoutOrder,
  quote: CheckoutQuote,
  booking: PlacedBooking,
): Promise<CheckoutResult['payment']> {
  if (!quote.online) return null;
  return startCardPayment(ctx, {
    id: booking.bookingId,
    chargedAmount: quote.chargedAmount,
    currency: order.body.currency,
    carName: order.car.name,
    holdExpiresAt: quote.holdExpiresAt!,
    paymentOption: order.body.paymentOption,
    depositAmount: quote.depositAmount,
  });
}

export async function checkout(ctx: AppContext, body: CheckoutBody, customer: Customer): Promise<CheckoutResult> {
  const order = await validateCheckout(ctx, body, customer);
  const quote = await priceCheckout(ctx, order);
  const booking = await placeBooking(ctx, order, quote);
  const payment = await startPayment(ctx, order, quote, booking);
  // The booking as the payment step and the result page show it: its reference and its amounts, in the driver's
  // language.
  const language = LanguageSchema.safeParse(order.driver.language).data ?? ctx.config.DEFAULT_LANGUAGE;
  const summary = (await bookingSummaries(ctx, ctx.db, booking.bookingId))!(language);
  return {
    bookingId: booking.bookingId,
    summary,
    status: booking.status,
    price: quote.price,
    payNow: quote.payNow,
    payAtPickup: quote.payAtPickup,
    chargedAmount: quote.chargedAmount,
    currency: body.currency,
    rate: quote.rate,
    holdExpiresAt: quote.holdExpiresAt?.toISOString() ?? null,
    accountCreated: booking.accountCreated,
    payment,
    walletEnabled: ctx.payments.paypal !== null,
  };
}
