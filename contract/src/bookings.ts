import type { z } from 'zod';
import type {
  AdditionalDriverSchema,
  BookingAmountsSchema,
  BookingPlaceSchema,
  BookingRowSchema,
  BookingSchema,
  BookingSummarySchema,
  BookingsPageSchema,
  BookingsQuerySchema,
  ChosenExtrasSchema,
  UpdateBookingBodySchema,
} from './bookings.schema.ts';
import type { BookingBalance } from './ledger.ts';
import { paymentSplit } from './price.ts';

// A booking (a rental bought): its statuses, how it is paid, its short reference and its amounts as plain values and
// rules, and its types, without zod — the bookings screens read them with their first paint. What may be done with a
// booking is booking-actions.ts, what it promises booking-terms.ts; the schemas are in bookings.schema.ts.

/**
 * Every booking status, in display order. After `reserved` come the counter's (docs/architecture.md §5 "After the
 * booking"): on rent (checked out), returned (balance open), closed (settled), no-show.
 */
export const BOOKING_STATUSES = [
  'void',
  'pending',
  'deposit',
  'paid',
  'reserved',
  'on_rent',
  'returned',
  'closed',
  'no_show',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Statuses that block the car for the booked period (docs/architecture.md §5); `void` blocks only while its hold
 * lasts. A car on rent keeps blocking; returned, closed and no-show free it.
 */
export const BLOCKING_STATUSES = [
  'pending',
  'deposit',
  'paid',
  'reserved',
  'on_rent',
] as const satisfies readonly BookingStatus[];

/**
 * The statuses an operator may set by hand (the booking editor, the bulk 'New status'); the counter's are reached
 * only through the counter's calls, one way.
 */
export const OPERATOR_STATUSES = [
  'void',
  'pending',
  'deposit',
  'paid',
  'reserved',
  'cancelled',
] as const satisfies readonly BookingStatus[];
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
export const isOperatorStatus = (status: BookingStatus): status is OperatorStatus =>
  (OPERATOR_STATUSES as readonly BookingStatus[]).includes(status);

export const PAYMENT_OPTIONS = ['payLater', 'deposit', 'full'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A booking's reference: 8 characters of an alphabet without I, L, O, 0 and 1, which are easily confused. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 8;

/** A reference as a person types it: any case, spaces and dashes ignored. */
export const normalizeReference = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

/** Whether `input` (normalised) can be a reference, so that a search can look for it as one. */
export const looksLikeReference = (input: string) =>
  new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(normalizeReference(input));

/** The amounts of a booking from what it stores (price.ts `paymentSplit`, the one rule). */
export function bookingAmounts(
  booking: {
    status: BookingStatus;
    currency: string;
    totalAmount: number;
    depositAmount: number;
    paymentOption: PaymentOption;
    /** The gateway the online payment was asked of (null until one was). */
    paymentProvider?: PaymentProvider | null;
  },
  balance: Pick<BookingBalance, 'paidOnline' | 'held' | 'due'> & Partial<Pick<BookingBalance, 'depositOn'>>,
): BookingAmounts {
  const split = paymentSplit({ total: booking.totalAmount, deposit: booking.depositAmount }, booking.paymentOption);
  // What holds the deposit: the ledger's hold once there is one, else what the payment's gateway will hold it on.
  const securityDepositOn = balance.depositOn ?? (booking.paymentProvider === 'paypal' ? 'paypal' : 'card');
  const amounts = { currency: booking.currency, total: booking.totalAmount, ...split, securityDepositOn };
  if (booking.status === 'void') return { ...amounts, held: balance.held, due: 0 };
  // Paid in full, the deposit is held beside the payment on the card (docs/decisions/0014-charges-after-the-rental.md);
  // a card or a wallet that refused the hold leaves it to the pick-up.
  const notHeld = booking.paymentOption === 'full' && balance.held === 0;
  return {
    ...amounts,
    ...(notHeld ? { securityDepositTaken: 'atPickup' as const } : {}),
    payNow: balance.paidOnline,
    payAtPickup: balance.due,
    held: balance.held,
    due: balance.due,
  };
}

/**
 * The words (contract booking-words `summary.*`) that say when and on what the deposit is held: on the card or the
 * payer's PayPal, not charged, when taken online now; at pick-up otherwise, as a deposit recorded at the desk is.
 */
export function securityDepositWords(amounts: Pick<BookingAmounts, 'securityDepositTaken' | 'securityDepositOn'>) {
  if (amounts.securityDepositTaken === 'atPickup' || amounts.securityDepositOn === 'desk') {
    return 'securityDepositAtPickup' as const;
  }
  return amounts.securityDepositOn === 'paypal'
    ? ('securityDepositHeldPaypal' as const)
    : ('securityDepositHeld' as const);
}

export type BookingsQuery = z.infer<typeof BookingsQuerySchema>;
export type BookingRow = z.infer<typeof BookingRowSchema>;
export type BookingsPage = z.infer<typeof BookingsPageSchema>;
export type Booking = z.infer<typeof BookingSchema>;
export type UpdateBookingBody = z.infer<typeof UpdateBookingBodySchema>;
export type BookingPlace = z.infer<typeof BookingPlaceSchema>;
export type BookingAmounts = z.infer<typeof BookingAmountsSchema>;
export type BookingSummary = z.infer<typeof BookingSummarySchema>;
export type ChosenExtrasBody = z.infer<typeof ChosenExtrasSchema>;
export type AdditionalDriverBody = z.infer<typeof AdditionalDriverSchema>;
