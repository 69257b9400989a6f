import { z } from 'zod';
import { isCalendarDate, isWallClockTime, RENTAL_PERIOD_ISSUES } from './time.ts';

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const DateStringSchema = z.string().refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD' });
/** A 24-hour wall-clock time, 'HH:mm'. */
export const TimeStringSchema = z.string().refine(isWallClockTime, { error: 'Expected a time as HH:mm' });

export const RentalPeriodIssueSchema = z.enum(RENTAL_PERIOD_ISSUES);
