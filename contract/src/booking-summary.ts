import { z } from 'zod';
import type { BookingStatus, PaymentOption } from './enums.ts';
import { BookingStatusSchema, CarRangeSchema, PaymentOptionSchema } from './enums.ts';
import type { BookingBalance } from './ledger.ts';
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
 * moment, and never converted again; once it is a booking, what was paid and what is due come from its ledger
 * (ledger.ts `bookingBalance`).
 */
export const BookingAmountsSchema = z.object({
  currency: z.string(),
  /** The rental with its extras, the supplier's percentage in. */
  total: z.number().int(),
  /**
   * Awaiting its online payment: what is to be paid online (nothing, the security deposit or the rental). Once a
   * booking: what was paid online, less refunds (the balance's `paidOnline`).
   */
  payNow: z.number().int(),
  /** Awaiting its online payment: what is paid at pick-up. Once a booking: what is due (the balance's `due`). */
  payAtPickup: z.number().int(),
  /** The car's security deposit; 0 when it has none. */
  securityDeposit: z.number().int(),
  securityDepositTaken: z.enum(['now', 'atPickup']),
  /** Held on the card (an authorization), not taken. */
  held: z.number().int(),
  /** Due: the total less what was paid towards it (0 while awaiting its online payment, and once cancelled). */
  due: z.number().int(),
});
export type BookingAmounts = z.infer<typeof BookingAmountsSchema>;

/**
 * The amounts of a booking from what it stores and its ledger's balance (contract price.ts `paymentSplit`, ledger.ts
 * `bookingBalance`: the two rules). A booking awaiting its online payment shows what its option takes and when; once
 * confirmed, what was paid online and what is due — the same figures for a booking nobody changed, and the true ones
 * for a booking changed after it was paid.
 */
export function bookingAmounts(
  booking: {
    status: BookingStatus;
    currency: string;
    totalAmount: number;
    depositAmount: number;
    paymentOption: PaymentOption;
  },
  balance: Pick<BookingBalance, 'paidOnline' | 'held' | 'due'>,
): BookingAmounts {
  const split = paymentSplit({ total: booking.totalAmount, deposit: booking.depositAmount }, booking.paymentOption);
  const amounts = { currency: booking.currency, total: booking.totalAmount, ...split };
  if (booking.status === 'void') return { ...amounts, held: balance.held, due: 0 };
  return { ...amounts, payNow: balance.paidOnline, payAtPickup: balance.due, held: balance.held, due: balance.due };
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
