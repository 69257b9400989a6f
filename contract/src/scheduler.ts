import type { z } from 'zod';
import type {
  SchedulerBlockSchema,
  SchedulerBodySchema,
  SchedulerBookingSchema,
  SchedulerPageSchema,
  SchedulerRowSchema,
} from './scheduler.schema.ts';

// The operator's scheduler: the cars serving a place (rows) by days (columns), with what holds each car — bookings
// and blocked periods — over the days shown. Days are the place's calendar days (its IANA time zone), so `from` and
// `to` are dates there; the answer's instants are drawn on them by the web. The schemas are in scheduler.schema.ts.

/** The longest range one call answers: a month, so a page stays one fast query (docs/architecture.md §7). */
export const SCHEDULER_MAX_DAYS = 31;

export type SchedulerBody = z.input<typeof SchedulerBodySchema>;
export type SchedulerBooking = z.infer<typeof SchedulerBookingSchema>;
export type SchedulerBlock = z.infer<typeof SchedulerBlockSchema>;
export type SchedulerRow = z.infer<typeof SchedulerRowSchema>;
export type SchedulerPage = z.infer<typeof SchedulerPageSchema>;
