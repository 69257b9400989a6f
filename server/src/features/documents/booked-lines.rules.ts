import { priceBooked } from '@roam/contract/booked-terms';
import { EXTRAS, type Extra, PriceError, type PriceLine, priceIn } from '@roam/contract/price';
import type { BookingFacts } from './documents.repository.ts';

// A booking's lines at its own terms (docs/decisions/0009-the-money-ledger.md): the receipt's and the invoice's
// (docs/decisions/0011-invoices.md). Imports nothing of the money slices: the invoices issued below the ledger read it.

/** What the lines are derived from: the booking's row and its pick-up place's time zone. */
export type PricedBooking = { booking: BookingFacts['booking']; pickup: { timeZone: string } };

/**
 * The lines the booking was priced with, re-derived from its own terms (never the car's prices now). When
 * they do not give its stored total (a booking whose terms were copied after it was made, from a car changed since),
 * the stored total is what was agreed, so the receipt shows it as one rental line rather than lines that would not
 * add up to it.
 */
export function pricedLines(facts: PricedBooking, convert: (eur: number) => number): PriceLine[] {
  const { booking } = facts;
  const agreed = booking.totalAmount;
  const whole: PriceLine[] = [{ item: 'rental', unit: agreed, quantity: 1, amount: agreed }];
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, booking[extra]])) as Record<Extra, boolean>;
  try {
    const breakdown = priceBooked(booking.terms, {
      pickupAt: booking.pickupAt,
      dropoffAt: booking.dropoffAt,
      timeZone: facts.pickup.timeZone,
      extras,
    });
    if (breakdown.total !== booking.price) return whole;
    const { lines } = priceIn(breakdown, convert);
    return lines.reduce((sum, line) => sum + line.amount, 0) === agreed ? lines : whole;
  } catch (error) {
    if (error instanceof PriceError) return whole;
    throw error;
  }
}
