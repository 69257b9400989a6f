import type { BookingStatus } from '@roam/contract/bookings';

/**
 * The booking page's name for the summary's "to pay" line once the car has been picked up, or undefined for the
 * summary's own "to pay at pick-up": on rent it is the rental's balance, after the return that balance with the
 * charges at the return in it, after a no-show what its rule left due (docs/decisions/0008-counter-documents-stored-as-signed.md,
 * "Settlement"). The words are the counter's area of the booking page (checkIn, loaded with the page: its counter part
 * needs them for nearly every booking anyway), so neither /checkout, which shares the summary, nor the bookings list
 * carries them.
 */
export function dueWords(status: BookingStatus) {
  if (status === 'on_rent') return 'checkIn.balance.onRent' as const;
  if (status === 'returned' || status === 'closed') return 'checkIn.balance.afterReturn' as const;
  if (status === 'no_show') return 'checkIn.balance.noShow' as const;
  return undefined;
}
