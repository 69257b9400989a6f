import { z } from 'zod';
import { isCalendarDate, isWallClockTime, type RentalPeriodIssue } from './time.ts';

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const DateStringSchema = z.string().refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD' });
/** A 24-hour wall-clock time, 'HH:mm'. */
export const TimeStringSchema = z.string().refine(isWallClockTime, { error: 'Expected a time as HH:mm' });

/** A rental period's issue (time.ts `RentalPeriodIssue`), in the order of spec §5's date messages. */
export const RentalPeriodIssueSchema = z.enum([
  'pickupTooSoon',
  'durationTooShort',
  'invalidPickupTime',
  'invalidDropoffTime',
] as const satisfies readonly RentalPeriodIssue[]);
