import { z } from 'zod';
import { BookingStatusSchema } from './bookings.schema.ts';
import { BlockReasonSchema } from './car-blocks.schema.ts';
import { CarRangeSchema } from './cars.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { SCHEDULER_MAX_DAYS } from './scheduler.ts';
import { PeriodDateSchema } from './time.schema.ts';

// The schemas of the scheduler (its limit and types: scheduler.ts).

const CalendarDate = PeriodDateSchema;
const DAY_MS = 24 * 3600_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** `POST /api/scheduler/{page}/{size}`: a page of the place's cars and what holds them from `from` to `to` (excluded). */
export const SchedulerBodySchema = z
  .object({
    locationId: z.uuid(),
    from: CalendarDate,
    to: CalendarDate,
    /** The admin's choice; a supplier sees its own cars only (naming another supplier: 403). */
    supplierId: z.uuid().optional(),
    ranges: z.array(CarRangeSchema).max(7).optional(),
    language: LanguageSchema.default('en'),
  })
  .refine((body) => daysBetween(body.from, body.to) >= 1, { path: ['to'], error: 'The end must be after the start.' })
  .refine((body) => daysBetween(body.from, body.to) <= SCHEDULER_MAX_DAYS, {
    path: ['to'],
    error: `At most ${SCHEDULER_MAX_DAYS} days at once.`,
  });

export const SchedulerBookingSchema = z.object({
  _id: z.uuid(),
  reference: z.string(),
  status: BookingStatusSchema,
  pickupAt: z.string(),
  dropoffAt: z.string(),
  cancelRequest: z.boolean(),
  driverName: z.string(),
  /** On rent past its drop-off: the bar runs on to now. */
  overdue: z.boolean(),
});

export const SchedulerBlockSchema = z.object({
  _id: z.uuid(),
  startAt: z.string(),
  endAt: z.string(),
  reason: BlockReasonSchema,
});

export const SchedulerRowSchema = z.object({
  car: z.object({
    _id: z.uuid(),
    name: z.string(),
    licensePlate: z.string().nullable(),
    range: CarRangeSchema,
    supplier: z.object({ _id: z.uuid(), name: z.string() }),
  }),
  /** Bookings that hold the car (pending, deposit, paid, reserved, on rent — overdue ones to now — or a live payment hold). */
  bookings: z.array(SchedulerBookingSchema),
  blocks: z.array(SchedulerBlockSchema),
});

export const SchedulerPageSchema = z.object({
  location: z.object({ _id: z.uuid(), name: z.string(), timeZone: z.string() }),
  from: z.string(),
  to: z.string(),
  totalCount: z.number().int(),
  rows: z.array(SchedulerRowSchema),
});
