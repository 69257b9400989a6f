import { convertMinor } from '@roam/contract/money';
import { type PriceBreakdown, paymentSplit } from '@roam/contract/price';
import { rateFor } from '@roam/contract/rates-snapshot';
import type { AppContext } from '../../context.ts';
import { priceBooking } from '../../lib/booking-rules.ts';
import type { CheckoutOrder } from './checkout-validation.ts';

// The second step of checkout (issue #5, ARCHITECTURE §5 Price and Money): the server's price, never the client's,
// what is paid now and at pick-up, the amount charged in the display currency, and how long the car is held.

export type CheckoutQuote = {
  price: PriceBreakdown;
  payNow: number;
  payAtPickup: number;
  /** Units of the display currency per 1 EUR, as the rates stood at checkout. */
  rate: number;
  chargedAmount: number;
  /** Paid online (card or wallet): the booking holds the car until `holdExpiresAt`, unpaid. */
  online: boolean;
  holdExpiresAt: Date | null;
};

export async function priceCheckout(ctx: AppContext, order: CheckoutOrder): Promise<CheckoutQuote> {
  const { body } = order;
  const price = priceBooking({
    car: order.car,
    dateBasedPrices: order.dateBasedPrices,
    priceChangeRate: order.supplier.priceChangeRate,
    pickupAt: order.pickupAt,
    dropoffAt: order.dropoffAt,
    timeZone: order.pickupPlace.timeZone,
    extras: order.extras,
  });
  const { payNow, payAtPickup } = paymentSplit(price, body.paymentOption);
  const rate = rateFor(await ctx.rates.getRates(), body.currency);
  const online = body.paymentOption !== 'payLater';
  return {
    price,
    payNow,
    payAtPickup,
    rate,
    chargedAmount: convertMinor(payNow, rate, body.currency),
    online,
    holdExpiresAt: online ? new Date(ctx.clock.now().getTime() + ctx.config.HOLD_MINUTES * 60_000) : null,
  };
}
