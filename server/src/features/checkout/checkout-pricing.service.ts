import { convertMinor } from '@roam/contract/money';
import { type PriceBreakdown, paymentSplit, priceIn } from '@roam/contract/price';
import { rateFor } from '@roam/contract/rates-snapshot';
import type { AppContext } from '#server/context.ts';
import { promoRefused } from '#server/features/promo-codes/promo-rules.service.ts';
import { priceBooking } from '#server/lib/booking-rules.ts';
import type { CheckoutOrder } from './checkout-validation.service.ts';

// The second step of checkout (docs/architecture.md §5 Price and Money): the server's price, never the client's,
// what is paid now and at pick-up, and how long the car is held. The booking's currency is the display currency
// chosen: its amounts are fixed here, line by line at this moment's rate (`priceIn`), and every screen, gateway and
// e-mail shows them from then on.

export type CheckoutQuote = {
  price: PriceBreakdown;
  /** What is paid now and at pick-up, base currency (EUR) minor units. */
  payNow: number;
  payAtPickup: number;
  /** Units of the booking's currency per 1 EUR, as the rates stood at checkout. */
  rate: number;
  /** The total and the security deposit in the booking's currency's minor units. */
  totalAmount: number;
  depositAmount: number;
  /** What the gateway charges now, in the booking's currency: `paymentSplit` of the two above. */
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
    placeFees: order.placeFees,
    promo: order.promo,
    rentalFees: order.rentalFees,
    catalogueExtras: order.catalogueExtras.booked,
  });
  const { payNow, payAtPickup } = paymentSplit(price, body.paymentOption);
  const rate = rateFor(await ctx.rates.getRates(), body.currency);
  const inBookingCurrency = priceIn(price, (amount) => convertMinor(amount, rate, body.currency));
  const online = body.paymentOption !== 'payLater';
  const chargedAmount = paymentSplit(inBookingCurrency, body.paymentOption).payNow;
  // A code that takes the whole price off leaves the gateway nothing to charge (the providers refuse 0, and a held
  // booking no one can pay would lapse): refused at the code's field, before any booking (docs/architecture.md §5
  // "Promo codes").
  if (online && order.promo && chargedAmount === 0) throw promoRefused('nothingOnline');
  return {
    price,
    payNow,
    payAtPickup,
    rate,
    totalAmount: inBookingCurrency.total,
    depositAmount: inBookingCurrency.deposit,
    chargedAmount,
    online,
    holdExpiresAt: online ? new Date(ctx.clock.now().getTime() + order.holdMinutes * 60_000) : null,
  };
}
