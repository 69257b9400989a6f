import type { z } from 'zod';
import { BOOKING_RULES } from './booking-rules.ts';
import type { PaymentOption } from './bookings.ts';
import type {
  CancellationDecisionSchema,
  CancellationQuoteSchema,
  CancellationRequestSchema,
  CancellationRequestsPageSchema,
  CancellationRequestsQuerySchema,
  DeclineCancellationBodySchema,
} from './cancellations.schema.ts';
import { convertMinor } from './money.ts';

// Cancellation requests (spec §4, docs/architecture.md §5 "Bookings"): a driver's request waits in its operator's
// queue, who approves it — the booking is cancelled and what the terms give back is refunded through the booking's
// gateway — or declines it with a message to the driver. The refund rule and the types; the schemas are in
// cancellations.schema.ts.

/**
 * What a cancellation gives back (docs/architecture.md §5, spec §5 terms text: "cancelling 24 hours or more before
 * the rental may give a full refund; less may incur a fee"). Free — everything paid online comes back — when the
 * booking is pay later, or its cancellation extra was bought or is included in the car's terms, and the driver asked
 * 24 hours or more before pick-up. Otherwise the fee is the price of one rental day (the booking's total over its
 * rental days, the supplier's percentage included), taken from what was paid online; the rest comes back.
 */
export function cancellationRefund(booking: {
  paymentOption: PaymentOption;
  /** What was paid online, in `currency` minor units (0 when nothing was). */
  paid: number;
  currency: string;
  /** Units of `currency` per 1 EUR, the booking's own rate. */
  rate: number;
  /** The booking's total, EUR minor units. */
  price: number;
  rentalDays: number;
  /** The cancellation extra was chosen, or the car includes it (price 0). */
  cancellationCovered: boolean;
  pickupAt: Date;
  requestedAt: Date;
}): { free: boolean; fee: number; refund: number } {
  const early =
    booking.pickupAt.getTime() - booking.requestedAt.getTime() >= BOOKING_RULES.cancellationThresholdHours * 3600_000;
  const free = early && (booking.paymentOption === 'payLater' || booking.cancellationCovered);
  if (free || booking.paid <= 0) return { free, fee: 0, refund: Math.max(0, booking.paid) };
  const dayPrice = Math.round(booking.price / Math.max(1, booking.rentalDays));
  const fee = Math.min(booking.paid, convertMinor(dayPrice, booking.rate, booking.currency));
  return { free, fee, refund: booking.paid - fee };
}

export type CancellationRequestsQuery = z.input<typeof CancellationRequestsQuerySchema>;
export type CancellationRequest = z.infer<typeof CancellationRequestSchema>;
export type CancellationRequestsPage = z.infer<typeof CancellationRequestsPageSchema>;
export type DeclineCancellationBody = z.infer<typeof DeclineCancellationBodySchema>;
export type CancellationDecision = z.infer<typeof CancellationDecisionSchema>;
export type CancellationQuote = z.infer<typeof CancellationQuoteSchema>;
