import { z } from 'zod';
import { MISMATCH_KINDS, RECONCILED_GATEWAYS, RECONCILIATION_MAX_DAYS } from './reconciliation.ts';
import { PeriodDateSchema } from './time.schema.ts';

// The reconciliation's API shapes (its rules: reconciliation.ts).

const DAY_MS = 86_400_000;

/** `GET /api/reconciliation`: a gateway (or all), the days from–to (UTC, both included), a page of mismatches. */
export const ReconciliationQuerySchema = z
  .object({
    gateway: z.enum(RECONCILED_GATEWAYS).optional(),
    from: PeriodDateSchema,
    to: PeriodDateSchema,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => query.from <= query.to, { error: 'The first day comes before the last.', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) < RECONCILIATION_MAX_DAYS * DAY_MS, {
    error: `At most ${RECONCILIATION_MAX_DAYS} days.`,
    path: ['to'],
  });

const Minor = z.number().int();
const Tally = z.object({ count: z.number().int(), amount: Minor });

/** One gateway's day in one currency. */
export const ReconciliationDaySchema = z.object({
  day: z.string(),
  gateway: z.enum(RECONCILED_GATEWAYS),
  currency: z.string(),
  /** Payments and captures Roam recorded (refunds apart). */
  recorded: Tally,
  refunded: Tally,
  /** What the gateway confirmed: money in, and refunds. */
  confirmed: Tally,
  confirmedRefunds: Tally,
  /** Recorded and confirmed at the same amount: payments and refunds together. */
  matched: Tally,
  /** Recorded within the grace period, not confirmed yet. */
  pending: z.number().int(),
  mismatches: z.number().int(),
});

export const ReconciliationMismatchSchema = z.object({
  kind: z.enum(MISMATCH_KINDS),
  gateway: z.enum(RECONCILED_GATEWAYS),
  day: z.string(),
  /** The gateway's reference (session, intent, order, refund). */
  reference: z.string().nullable(),
  bookingId: z.uuid().nullable(),
  /** The booking's reference, when Roam has the booking. */
  bookingReference: z.string().nullable(),
  /** Null on the side that has none. */
  recordedAmount: Minor.nullable(),
  confirmedAmount: Minor.nullable(),
  currency: z.string().nullable(),
  confirmedCurrency: z.string().nullable(),
  at: z.iso.datetime(),
});

export const ReconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  graceMinutes: z.number().int(),
  days: z.array(ReconciliationDaySchema),
  mismatches: z.object({
    items: z.array(ReconciliationMismatchSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});
