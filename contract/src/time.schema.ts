import { z } from 'zod';
import { isCalendarDate, isWallClockTime, PERIOD_YEARS, type RentalPeriodIssue } from './time.ts';

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const DateStringSchema = z.string().refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD' });
/** A 24-hour wall-clock time, 'HH:mm'. */
export const TimeStringSchema = z.string().refine(isWallClockTime, { error: 'Expected a time as HH:mm' });

/** A rental period's issue (time.ts `RentalPeriodIssue`), in the order of spec §5's date messages. */
export const RentalPeriodIssueSchema = z.enum([
  'pickupTooSoon',
  'durationTooShort',
  'durationTooLong',
  'invalidPickupTime',
  'invalidDropoffTime',
] as const satisfies readonly RentalPeriodIssue[]);

/** A calendar date inside PERIOD_YEARS (an operator's period: the scheduler, the dashboard, the bookings export). */
export const PeriodDateSchema = DateStringSchema.refine(
  (date) => {
    const year = Number(date.slice(0, 4));
    return year >= PERIOD_YEARS.first && year <= PERIOD_YEARS.last;
  },
  { error: `A date between ${PERIOD_YEARS.first} and ${PERIOD_YEARS.last}.` },
);
