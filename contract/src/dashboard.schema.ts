import { z } from 'zod';
import { BookingStatusSchema } from './bookings.schema.ts';
import { CarRangeSchema } from './cars.schema.ts';
import { DASHBOARD_MAX_DAYS } from './dashboard.ts';
import { LanguageSchema } from './languages.schema.ts';
import { PeriodDateSchema } from './time.schema.ts';

// The schemas of the dashboard (its limit and types: dashboard.ts).

const CalendarDate = PeriodDateSchema;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / (24 * 3600_000);

/**
 * `GET /api/dashboard?from=&to=&supplierId=&language=`: the period [from, to). The revenue counts the bookings picked up
 * on those days at their pick-up place's clock (as the bookings desk's filter); the utilisation, car-days in UTC.
 */
export const DashboardQuerySchema = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    supplierId: z.uuid().optional(),
    language: LanguageSchema.default('en'),
    /** 'true': the period's figures computed now, not the ones of the last minute (the screen's refresh). */
    fresh: z.enum(['true', 'false']).optional(),
  })
  .refine((query) => days(query.from, query.to) >= 1, { path: ['to'], error: 'The end must be after the start.' })
  .refine((query) => days(query.from, query.to) <= DASHBOARD_MAX_DAYS, {
    path: ['to'],
    error: `At most ${DASHBOARD_MAX_DAYS} days at once.`,
  });

const Named = z.object({ _id: z.uuid(), name: z.string() });

export const TodayPlaceSchema = z.object({
  location: Named.extend({ timeZone: z.string() }),
  /** Today at the place ('YYYY-MM-DD'). */
  date: z.string(),
  pickups: z.number().int(),
  dropoffs: z.number().int(),
});

export const MovementSchema = z.object({
  bookingId: z.uuid(),
  reference: z.string(),
  kind: z.enum(['pickup', 'dropoff']),
  at: z.string(),
  location: Named.extend({ timeZone: z.string() }),
  carName: z.string(),
  driverName: z.string(),
  status: BookingStatusSchema,
  /** A pick-up's driver checked in online (licence and agreement done before arrival). */
  checkedInAt: z.string().nullable(),
  /** A drop-off whose car is still on rent past its time (at the place's clock). */
  overdue: z.boolean(),
});

/**
 * The period's bookings of one status and currency (docs/architecture.md §5 "The bookings desk"): what they earned —
 * a confirmed booking its total, a cancelled one the money it kept (paid − refunded) — and what went back. The same
 * figures as the bookings desk's list for the same days and scope, summed.
 */
export const RevenueRowSchema = z.object({
  status: BookingStatusSchema,
  currency: z.string(),
  bookings: z.number().int(),
  /** Revenue in `currency` minor units: what the bookings' drivers see. */
  amount: z.number().int(),
  /** In base-currency minor units, at each booking's rate. */
  baseAmount: z.number().int(),
  /** Refunded, in `currency` minor units. */
  refunded: z.number().int(),
  baseRefunded: z.number().int(),
});

export const UtilisationRowSchema = z.object({
  cars: z.number().int(),
  /** Car-days in the period from the day each car was added (until it left the fleet), less the days blocked. */
  availableDays: z.number(),
  /** Car-days held by bookings (pending, paid, deposit, reserved) within the period. */
  bookedDays: z.number(),
});

export const DashboardSchema = z.object({
  today: z.object({
    places: z.array(TodayPlaceSchema),
    /** Today's pick-ups and drop-offs in time order (the first 100). */
    movements: z.array(MovementSchema),
    /** Cars on rent past their drop-off, whatever its day (the first 100, the most overdue first). */
    overdue: z.array(MovementSchema),
  }),
  openCancellationRequests: z.number().int(),
  unpaidHolds: z.number().int(),
  /**
   * Security deposits held on a card that lapse within two days, before their car is back, and could not be
   * authorised again (no saved card): the desk takes them again (docs/decisions/0012-deposit-holds.md).
   */
  lapsingDeposits: z.array(
    z.object({
      bookingId: z.string(),
      reference: z.string(),
      status: BookingStatusSchema,
      amount: z.number().int(),
      currency: z.string(),
      expiresAt: z.string(),
    }),
  ),
  period: z.object({
    from: z.string(),
    to: z.string(),
    baseCurrency: z.string(),
    /** When the period's figures were computed: they are kept a minute per scope and period. */
    asOf: z.string(),
    /** Null for a role that does not see the money (a counter agent: contract/src/team.ts, 'revenue'). */
    revenue: z.array(RevenueRowSchema).nullable(),
    utilisation: z.object({
      bySupplier: z.array(UtilisationRowSchema.extend({ supplier: Named })),
      byRange: z.array(UtilisationRowSchema.extend({ range: CarRangeSchema })),
      /** A car serving several places counts at each of them. */
      byPlace: z.array(UtilisationRowSchema.extend({ location: Named })),
    }),
  }),
});
