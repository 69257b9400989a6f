import { z } from 'zod';
import { BLOCK_REASONS, BookingStatusSchema, LanguageSchema, PaymentOptionSchema } from './enums.ts';
import { text } from './text.ts';

// Blocked periods (issue #23): an operator takes a car out of service (maintenance, private use) from one instant to
// another. Search and checkout respect a block exactly as a booking: it is a row of `bookings` (kind 'block') that
// holds the car, under the same exclusion constraint.
//
// Start and end are instants (ISO 8601 with an offset), as a booking's pick-up and drop-off are: the constraint, the
// search and checkout compare instants, and a car may serve places in more than one time zone. The editor turns the
// wall-clock times an operator types at the car's place into instants (contract time.ts `zonedToInstant`, with the
// `timeZone` of the calendar answer), exactly as the search form does for a driver.

/**
 * A row of `bookings`: a driver's rental, or a period its operator took the car out of service. Here, not in
 * enums.ts, like every operator enum: the customer routes' chunks import enums.ts and stay as they were.
 */
export const BOOKING_KINDS = ['rental', 'block'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** Why an operator blocks a car; the web shows each in the reader's language. */
export const BlockReasonSchema = z.enum(BLOCK_REASONS);
export type BlockReason = z.infer<typeof BlockReasonSchema>;

export const BLOCK_MESSAGES = {
  endBeforeStart: 'The end must be after the start.',
  overlaps: 'This period overlaps a booking or another blocked period of this car.',
  tooLong: 'A blocked period lasts at most a year.',
} as const;

/** A year and a day: longer is a car taken out of the fleet (unavailable), not a period. */
export const MAX_BLOCK_MS = 366 * 24 * 3600_000;

const Instant = z.iso.datetime({ offset: true });
const Note = text({ multiline: true }).max(500).nullable();

export const CarBlockSchema = z.object({
  _id: z.uuid(),
  carId: z.uuid(),
  startAt: z.string(),
  endAt: z.string(),
  reason: BlockReasonSchema,
  /** Free text for the operator's people; never shown to drivers. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CarBlock = z.infer<typeof CarBlockSchema>;

/** `POST /api/create-car-block`. */
export const CreateCarBlockBodySchema = z
  .object({
    carId: z.uuid(),
    startAt: Instant,
    endAt: Instant,
    reason: BlockReasonSchema,
    note: Note.default(null),
  })
  .refine((block) => Date.parse(block.endAt) > Date.parse(block.startAt), {
    path: ['endAt'],
    error: BLOCK_MESSAGES.endBeforeStart,
  })
  .refine((block) => Date.parse(block.endAt) - Date.parse(block.startAt) <= MAX_BLOCK_MS, {
    path: ['endAt'],
    error: BLOCK_MESSAGES.tooLong,
  });
export type CreateCarBlockBody = z.input<typeof CreateCarBlockBodySchema>;

/** `PUT /api/update-car-block`: the fields sent change (the period is checked as it would be stored). */
export const UpdateCarBlockBodySchema = z.object({
  _id: z.uuid(),
  startAt: Instant.optional(),
  endAt: Instant.optional(),
  reason: BlockReasonSchema.optional(),
  note: Note.optional(),
});
export type UpdateCarBlockBody = z.input<typeof UpdateCarBlockBodySchema>;

/** `GET /api/car-calendar/{id}?from=&to=`: what holds the car over [from, to), at most 400 days. */
export const CarCalendarQuerySchema = z
  .object({ from: Instant, to: Instant, language: LanguageSchema.default('en') })
  .refine((range) => Date.parse(range.to) > Date.parse(range.from), {
    path: ['to'],
    error: BLOCK_MESSAGES.endBeforeStart,
  })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 400 * 24 * 3600_000, {
    path: ['to'],
    error: 'At most 400 days at once.',
  });
export type CarCalendarQuery = z.input<typeof CarCalendarQuerySchema>;

const Named = z.object({ _id: z.uuid(), name: z.string() });

export const CalendarBookingSchema = z.object({
  _id: z.uuid(),
  pickupAt: z.string(),
  dropoffAt: z.string(),
  status: BookingStatusSchema,
  paymentOption: PaymentOptionSchema,
  cancelRequest: z.boolean(),
  driver: Named,
  pickupLocation: Named,
  dropoffLocation: Named,
});
export type CalendarBooking = z.infer<typeof CalendarBookingSchema>;

export const CarCalendarSchema = z.object({
  car: z.object({
    _id: z.uuid(),
    name: z.string(),
    /** The time zone of the car's first place: the editor shows and enters times there. */
    timeZone: z.string(),
  }),
  /** Bookings that hold the car (pending, deposit, paid, reserved, or a live payment hold) overlapping the range. */
  bookings: z.array(CalendarBookingSchema),
  blocks: z.array(CarBlockSchema),
});
export type CarCalendar = z.infer<typeof CarCalendarSchema>;
