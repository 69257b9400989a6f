import type { RentalPeriodIssue } from './time.ts';

// Its own module, not time.ts: only the server and the screens that read its answers need the English, and time.ts
// is in the code of every search and checkout page (ARCHITECTURE §7 budgets).

/** Spec §5 date messages, word for word: the server's field errors, which the screens translate back by issue. */
export const RENTAL_PERIOD_MESSAGES: Readonly<Record<RentalPeriodIssue, string>> = {
  pickupTooSoon: 'Pick-up time must be at least a few hours in the future',
  durationTooShort: 'Rental duration is too short',
  durationTooLong: 'Rental duration is too long',
  invalidPickupTime: 'Invalid pick-up time',
  invalidDropoffTime: 'Invalid drop-off time',
};

/** The issue a server message names, if it is one of them. */
export function rentalPeriodIssueOf(message: string | undefined): RentalPeriodIssue | undefined {
  return (Object.keys(RENTAL_PERIOD_MESSAGES) as RentalPeriodIssue[]).find(
    (issue) => RENTAL_PERIOD_MESSAGES[issue] === message,
  );
}
