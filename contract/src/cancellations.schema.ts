import { z } from 'zod';
import { BookingStatusSchema, PaymentOptionSchema, PaymentProviderSchema } from './bookings.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { text } from './text.schema.ts';

// The schemas of cancellation requests and decisions (the refund rule and the types: cancellations.ts).

/** `POST /api/cancellation-requests/{page}/{size}` body. */
export const CancellationRequestsQuerySchema = z.object({
  /** Admin: one supplier's requests (a supplier always sees its own only). */
  supplierId: z.uuid().optional(),
  /** Language of the place names. */
  language: LanguageSchema.default('en'),
});

const Named = z.object({ _id: z.uuid(), name: z.string() });
const Amount = z.object({ amount: z.number().int(), currency: z.string() });

export const CancellationRequestSchema = z.object({
  /** The booking. */
  _id: z.uuid(),
  car: Named,
  supplier: Named,
  driver: Named.extend({ email: z.string() }),
  /** The booking's short reference, as the driver and the e-mails name it. */
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

export const CancellationRequestsPageSchema = z.object({
  results: z.array(CancellationRequestSchema),
  totalCount: z.number().int(),
});

/** `POST /api/decline-cancellation/{id}`: the message goes to the driver (notification and e-mail). */
export const DeclineCancellationBodySchema = z.object({
  message: text({ multiline: true }).min(1, { error: 'Please fill in the field: Message' }).max(1000),
});

/** The booking after a decision, and the refund made (null when nothing was paid online or it was declined). */
export const CancellationDecisionSchema = z.object({
  _id: z.uuid(),
  status: BookingStatusSchema,
  cancelRequest: z.boolean(),
  refund: Amount.extend({ provider: PaymentProviderSchema, reference: z.string().nullable() }).nullable(),
});

/**
 * `GET /api/cancellation-quote/{id}`: what the driver's cancel would do now, by `cancellationRefund`
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
