import { z } from 'zod';
import { CarRangeSchema } from './cars.schema.ts';
import type { PaymentOption } from './enums.ts';
import { BookingStatusSchema, PaymentOptionSchema } from './enums.ts';
import { paymentSplit } from './price.ts';

// A booking as its confirmation shows it (issue #22 items 3 and 10): the short reference, the car, the supplier, the
// places with their address and local times, and the amounts in the booking's own currency — the same on the payment
// step, the result page, the bookings list, the booking page and every e-mail.

/** A booking's reference: 8 characters of an alphabet without I, L, O, 0 and 1, which are easily confused. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 8;

/** A reference as a person types it: any case, spaces and dashes ignored. */
export const normalizeReference = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

/** Whether `input` (normalised) can be a reference, so that a search can look for it as one. */
export const looksLikeReference = (input: string) =>
  new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(normalizeReference(input));

const NamedSchema = z.object({ _id: z.uuid(), name: z.string() });

export const BookingPlaceSchema = NamedSchema.extend({
  /** The rental desk's street address; null when the place has none on record. */
  address: z.string().nullable(),
  /** IANA zone: the booking's times are shown on this clock. */
  timeZone: z.string(),
});
export type BookingPlace = z.infer<typeof BookingPlaceSchema>;

/**
 * A booking's amounts in its own currency's minor units (issue #22 item 3): fixed at checkout, with the rate of that
 * moment, and never converted again.
 */
export const BookingAmountsSchema = z.object({
  currency: z.string(),
  /** The rental with its extras, the supplier's percentage in. */
  total: z.number().int(),
  /** Paid online (or to pay, while the payment is not completed): nothing, the security deposit or the rental. */
  payNow: z.number().int(),
  /** Paid at the counter at pick-up. */
  payAtPickup: z.number().int(),
  /** The car's security deposit; 0 when it has none. */
  securityDeposit: z.number().int(),
  securityDepositTaken: z.enum(['now', 'atPickup']),
});
export type BookingAmounts = z.infer<typeof BookingAmountsSchema>;

/** The amounts of a booking from what it stores (contract price.ts `paymentSplit`, the one rule). */
export function bookingAmounts(booking: {
  currency: string;
  totalAmount: number;
  depositAmount: number;
  paymentOption: PaymentOption;
}): BookingAmounts {
  const split = paymentSplit({ total: booking.totalAmount, deposit: booking.depositAmount }, booking.paymentOption);
  return { currency: booking.currency, total: booking.totalAmount, ...split };
}

export const BookingSummarySchema = z.object({
  _id: z.uuid(),
  /** The short human reference (8 characters), shown instead of the id everywhere a person reads it. */
  reference: z.string(),
  status: BookingStatusSchema,
  paymentOption: PaymentOptionSchema,
  /** The vehicle, with its range: a booking of a Vespa says scooter, not car (issue #22 item 14). */
  car: NamedSchema.extend({ image: z.string().nullable(), range: CarRangeSchema }),
  supplier: NamedSchema,
  pickupLocation: BookingPlaceSchema,
  dropoffLocation: BookingPlaceSchema,
  pickupAt: z.string(),
  dropoffAt: z.string(),
  days: z.number().int(),
  amounts: BookingAmountsSchema,
});
export type BookingSummary = z.infer<typeof BookingSummarySchema>;
