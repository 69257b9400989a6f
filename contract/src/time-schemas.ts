import { z } from 'zod';
import { isCalendarDate, isWallClockTime } from './time.ts';

// The date and time schemas, apart from time.ts: the search and checkout screens load time.ts with their first paint,
// and a schema defined there that a lazily loaded form schema uses would pull zod into those screens (issue #20).

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const DateStringSchema = z.string().refine(isCalendarDate, { error: 'Expected a calendar date as YYYY-MM-DD' });
/** A 24-hour wall-clock time, 'HH:mm'. */
export const TimeStringSchema = z.string().refine(isWallClockTime, { error: 'Expected a time as HH:mm' });
