import { z } from 'zod';
import { isCalendarDate, isWallClockTime } from './time.ts';

// The date and time schemas, apart from time.ts: the search and checkout screens load time.ts with their first paint,
// and a schema defined there that a lazily loaded form schema uses would pull zod into those screens (issue #20).

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const DateStringSchema = z.string().refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD' });
/** A 24-hour wall-clock time, 'HH:mm'. */
export const TimeStringSchema = z.string().refine(isWallClockTime, { error: 'Expected a time as HH:mm' });

/**
 * The years an operator's period may fall in (the scheduler, the dashboard, the bookings export): wide enough for
 * any business's history and plans, narrow enough that every date of it is an instant the database and the time
 * zones work with (the year 1 answered 500; second audit, item 16).
 */
export const PERIOD_YEARS = { first: 2000, last: 2199 } as const;

/** A calendar date inside PERIOD_YEARS. */
export const PeriodDateSchema = DateStringSchema.refine(
  (date) => {
    const year = Number(date.slice(0, 4));
    return year >= PERIOD_YEARS.first && year <= PERIOD_YEARS.last;
  },
  { error: `A date between ${PERIOD_YEARS.first} and ${PERIOD_YEARS.last}.` },
);
