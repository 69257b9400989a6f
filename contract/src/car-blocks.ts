import type { z } from 'zod';
import type {
  CalendarBookingSchema,
  CarBlockSchema,
  CarCalendarQuerySchema,
  CarCalendarSchema,
  CreateCarBlockBodySchema,
  UpdateCarBlockBodySchema,
} from './car-blocks.schema.ts';

// Blocked periods: an operator takes a car out of service (maintenance, private use) from one instant to another.
// Search and checkout respect a block exactly as a booking: it is a row of `bookings` (kind 'block') that holds the
// car, under the same exclusion constraint.
//
// Start and end are instants (ISO 8601 with an offset), as a booking's pick-up and drop-off are: the constraint, the
// search and checkout compare instants, and a car may serve places in more than one time zone. The editor turns the
// wall-clock times an operator types at the car's place into instants (time.ts `zonedToInstant`, with the `timeZone`
// of the calendar answer), exactly as the search form does for a driver. The schemas are in car-blocks.schema.ts.

/** Why an operator blocks a car; the web shows each in the reader's language. */
export const BLOCK_REASONS = ['maintenance', 'privateUse', 'other'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** A row of `bookings`: a driver's rental, or a period its operator took the car out of service. */
export const BOOKING_KINDS = ['rental', 'block'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

export const BLOCK_MESSAGES = {
  endBeforeStart: 'The end must be after the start.',
  overlaps: 'This period overlaps a booking or another blocked period of this car.',
  tooLong: 'A blocked period lasts at most a year.',
} as const;

/** A year and a day: longer is a car taken out of the fleet (unavailable), not a period. */
export const MAX_BLOCK_MS = 366 * 24 * 3600_000;

export type CarBlock = z.infer<typeof CarBlockSchema>;
export type CreateCarBlockBody = z.input<typeof CreateCarBlockBodySchema>;
export type UpdateCarBlockBody = z.input<typeof UpdateCarBlockBodySchema>;
export type CarCalendarQuery = z.input<typeof CarCalendarQuerySchema>;
export type CalendarBooking = z.infer<typeof CalendarBookingSchema>;
export type CarCalendar = z.infer<typeof CarCalendarSchema>;
