import { z } from 'zod';
import { BlockReasonSchema } from './car-blocks.ts';
import { BookingStatusSchema, CarRangeSchema, LanguageSchema } from './enums.ts';
import { PeriodDateSchema } from './time-schemas.ts';

// The operator's scheduler (issue #24 item 4): the cars serving a place (rows) by days (columns), with what holds
// each car — bookings and blocked periods — over the days shown. Days are the place's calendar days (its IANA time
// zone), so `from` and `to` are dates there; the answer's instants are drawn on them by the web.

/** The longest range one call answers: a month, so a page stays one fast query (ARCHITECTURE §7). */
export const SCHEDULER_MAX_DAYS = 31;

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
export type SchedulerBody = z.input<typeof SchedulerBodySchema>;

export const SchedulerBookingSchema = z.object({
  _id: z.uuid(),
  reference: z.string(),
  status: BookingStatusSchema,
  pickupAt: z.string(),
  dropoffAt: z.string(),
  cancelRequest: z.boolean(),
  driverName: z.string(),
});
export type SchedulerBooking = z.infer<typeof SchedulerBookingSchema>;

export const SchedulerBlockSchema = z.object({
  _id: z.uuid(),
  startAt: z.string(),
  endAt: z.string(),
  reason: BlockReasonSchema,
});
export type SchedulerBlock = z.infer<typeof SchedulerBlockSchema>;

export const SchedulerRowSchema = z.object({
  car: z.object({
    _id: z.uuid(),
    name: z.string(),
    licensePlate: z.string().nullable(),
    range: CarRangeSchema,
    supplier: z.object({ _id: z.uuid(), name: z.string() }),
  }),
  /** Bookings that hold the car (pending, deposit, paid, reserved, or a live payment hold) over the range. */
  bookings: z.array(SchedulerBookingSchema),
  blocks: z.array(SchedulerBlockSchema),
});
export type SchedulerRow = z.infer<typeof SchedulerRowSchema>;

export const SchedulerPageSchema = z.object({
  location: z.object({ _id: z.uuid(), name: z.string(), timeZone: z.string() }),
  from: z.string(),
  to: z.string(),
  totalCount: z.number().int(),
  rows: z.array(SchedulerRowSchema),
});
export type SchedulerPage = z.infer<typeof SchedulerPageSchema>;
