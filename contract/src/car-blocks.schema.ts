import { z } from 'zod';
import { BookingStatusSchema, PaymentOptionSchema } from './bookings.schema.ts';
import { BLOCK_MESSAGES, BLOCK_REASONS, MAX_BLOCK_MS } from './car-blocks.ts';
import { LanguageSchema } from './languages.schema.ts';
import { text } from './text.schema.ts';

// The schemas of blocked periods and a car's calendar (their values, messages and types: car-blocks.ts).

export const BlockReasonSchema = z.enum(BLOCK_REASONS);

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

/** `PUT /api/update-car-block`: the fields sent change (the period is checked as it would be stored). */
export const UpdateCarBlockBodySchema = z.object({
  _id: z.uuid(),
  startAt: Instant.optional(),
  endAt: Instant.optional(),
  reason: BlockReasonSchema.optional(),
  note: Note.optional(),
});

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
