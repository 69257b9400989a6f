import type { BookingStatus } from '@roam/contract/bookings';

// The counter's screens of a booking (docs/architecture.md §5 "After the booking"), for the console's lists that open
// them — the dashboard's pick-ups and returns, the scheduler's bars of cars out: the check-out for a booking still to
// hand over, the return for one on rent or taken back; none for the others.

const CHECK_OUT: readonly BookingStatus[] = ['pending', 'deposit', 'paid', 'reserved'];
const RETURN: readonly BookingStatus[] = ['on_rent', 'returned', 'closed'];

export const checkOutPath = (bookingId: string) => `/operator/bookings/${bookingId}/check-out`;
export const returnPath = (bookingId: string) => `/operator/bookings/${bookingId}/return`;

/** The counter screen with work on `booking` now, or null. */
export function counterPath(booking: { _id: string; status: BookingStatus }): string | null {
  if (CHECK_OUT.includes(booking.status)) return checkOutPath(booking._id);
  if (RETURN.includes(booking.status)) return returnPath(booking._id);
  return null;
}
