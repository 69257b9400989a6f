import { z } from 'zod';
import { BOOKING_RULES } from './booking-rules.ts';
import {
  BookingStatusSchema,
  LanguageSchema,
  type PaymentOption,
  PaymentOptionSchema,
  PaymentProviderSchema,
} from './enums.ts';
import { convertMinor } from './money.ts';
import { text } from './text.ts';

// Cancellation requests (spec §4, ARCHITECTURE §5 Bookings; issue #23 item 6): a driver's request waits in its
// operator's queue, who approves it — the booking is cancelled and what the terms give back is refunded through the
// booking's gateway — or declines it with a message to the driver.

/**
 * What a cancellation gives back (ARCHITECTURE §5, spec §5 terms text: "cancelling 24 hours or more before the rental
 * may give a full refund; less may incur a fee"). Free — everything paid online comes back — when the booking is pay
 * later, or its cancellation extra was bought or is included in the car's terms, and the driver asked 24 hours or
 * more before pick-up. Otherwise the fee is the price of one rental day (the booking's total over its rental days,
 * the supplier's percentage included), taken from what was paid online; the rest comes back.
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

/** `POST /api/cancellation-requests/{page}/{size}` body. */
export const CancellationRequestsQuerySchema = z.object({
  /** Admin: one supplier's requests (a supplier always sees its own only). */
  supplierId: z.uuid().optional(),
  /** Language of the place names. */
  language: LanguageSchema.default('en'),
});
export type CancellationRequestsQuery = z.input<typeof CancellationRequestsQuerySchema>;

const Named = z.object({ _id: z.uuid(), name: z.string() });
const Amount = z.object({ amount: z.number().int(), currency: z.string() });

export const CancellationRequestSchema = z.object({
  /** The booking. */
  _id: z.uuid(),
  car: Named,
  supplier: Named,
  driver: Named.extend({ email: z.string() }),
  /** The booking's short reference (issue #22 item 10), as the driver and the e-mails name it. */
  reference: z.string(),
  /** Each end's place and its time zone: the period is shown at the places' clocks, as the customer sees it. */
  pickupLocation: Named.extend({ timeZone: z.string() }),
  dropoffLocation: Named.extend({ timeZone: z.string() }),
  pickupAt: z.string(),
  dropoffAt: z.string(),
  status: BookingStatusSchema,
  paymentOption: PaymentOptionSchema,
  paymentProvider: PaymentProviderSchema.nullable(),
  /** The booking's total, EUR minor units. */
  price: z.number().int(),
  /** What was paid online, in the currency it was paid in (0 when nothing was). */
  paid: Amount,
  /** When the driver asked (null for a request recorded before this was kept). */
  requestedAt: z.string().nullable(),
  /** What an approval now gives back, by the rule of `cancellationRefund`. */
  refund: Amount.extend({ free: z.boolean(), fee: z.number().int() }),
});
export type CancellationRequest = z.infer<typeof CancellationRequestSchema>;

export const CancellationRequestsPageSchema = z.object({
  results: z.array(CancellationRequestSchema),
  totalCount: z.number().int(),
});
export type CancellationRequestsPage = z.infer<typeof CancellationRequestsPageSchema>;

/** `POST /api/decline-cancellation/{id}`: the message goes to the driver (notification and e-mail). */
export const DeclineCancellationBodySchema = z.object({
  message: text({ multiline: true }).min(1, { error: 'Please fill in the field: Message' }).max(1000),
});
export type DeclineCancellationBody = z.infer<typeof DeclineCancellationBodySchema>;

/** The booking after a decision, and the refund made (null when nothing was paid online or it was declined). */
export const CancellationDecisionSchema = z.object({
  _id: z.uuid(),
  status: BookingStatusSchema,
  cancelRequest: z.boolean(),
  refund: Amount.extend({ provider: PaymentProviderSchema, reference: z.string().nullable() }).nullable(),
});
export type CancellationDecision = z.infer<typeof CancellationDecisionSchema>;

/**
 * `GET /api/cancellation-quote/{id}` (issue #25 item 3): what the driver's cancel would do now, by `cancellationRefund`
 * — the rule the cancel itself decides by. `now`: the terms make it free, so the booking is cancelled at once and
 * `refund` goes back through the gateway; `request`: it goes to the operator, and `refund` is what their approval
 * would give (`fee` kept).
 */
export const CancellationQuoteSchema = z.object({
  decision: z.enum(['now', 'request']),
  paid: Amount,
  refund: Amount,
  fee: z.number().int(),
  /** Where the refund goes (card, wallet, demo), or null when nothing was paid online. */
  paymentProvider: PaymentProviderSchema.nullable(),
});
export type CancellationQuote = z.infer<typeof CancellationQuoteSchema>;
