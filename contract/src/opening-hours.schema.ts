import { z } from 'zod';
import { LanguageSchema } from './languages.schema.ts';
import { MAX_STORED_AMOUNT } from './money.ts';
import { HOURS_MESSAGES, MAX_CLOSURES, MAX_RANGES_PER_DAY, minuteOf, WEEKDAYS, type Weekday } from './opening-hours.ts';
import { text } from './text.schema.ts';
import { DateStringSchema, TimeStringSchema } from './time.schema.ts';

// The schemas of a place's opening hours (their rules and messages: opening-hours.ts).

export const TimeRangeSchema = z
  .object({ from: TimeStringSchema, to: TimeStringSchema })
  .refine(({ from, to }) => minuteOf(from) < minuteOf(to), { path: ['to'], error: HOURS_MESSAGES.rangeOrder });

/** A day's ranges, in order and apart; none: closed that day. */
const DaySchema = z
  .array(TimeRangeSchema)
  .max(MAX_RANGES_PER_DAY)
  .superRefine((ranges, issues) => {
    for (let i = 1; i < ranges.length; i++) {
      const [before, range] = [ranges[i - 1], ranges[i]];
      if (before && range && minuteOf(range.from) <= minuteOf(before.to))
        issues.addIssue({ code: 'custom', path: [i, 'from'], message: HOURS_MESSAGES.rangesOverlap });
    }
  });

/** A dated closure: a public holiday or the place's own day off, with its name as the refusal says it. */
export const ClosureSchema = z.object({ date: DateStringSchema, name: text().min(1).max(100) });

export const OpeningHoursSchema = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, DaySchema])) as Record<Weekday, typeof DaySchema>),
  closures: z
    .array(ClosureSchema)
    .max(MAX_CLOSURES)
    .superRefine((closures, issues) => {
      const seen = new Set<string>();
      for (const [i, { date }] of closures.entries()) {
        if (seen.has(date))
          issues.addIssue({ code: 'custom', path: [i, 'date'], message: HOURS_MESSAGES.closureTwice });
        seen.add(date);
      }
    }),
  /**
   * The key box outside the hours (and on closed days), or null: none. `feeMinor` is what it costs in the prices'
   * currency (BASE_CURRENCY), minor units (0: free); it is stored and shown here, and charged by the fees-by-rule work.
   */
  afterHours: z.object({ feeMinor: z.number().int().min(0).max(MAX_STORED_AMOUNT) }).nullable(),
});

/** `GET /api/opening-times?locationId=&date=`: the times a picker offers at a place on a date. */
export const OpeningTimesQuerySchema = z.object({ locationId: z.uuid(), date: DateStringSchema });

export const OpeningTimesSchema = z.object({
  /** False: the place keeps the site-wide rule (the booking rules' hours), and the lists are empty. */
  ownHours: z.boolean(),
  /** The grid's times the place is open ('HH:mm'). */
  open: z.array(z.string()),
  /** The grid's times only the key box takes (empty without one). */
  afterHours: z.array(z.string()),
  /** The closure's name when the date is closed by one. */
  closure: z.string().nullable(),
  /** That day's ranges as the refusals name them, '08:00–12:00, 14:00–18:00' ('' when closed). */
  hours: z.string(),
  /** The key box's fee (minor units of the prices' currency), or null without a key box. */
  afterHoursFeeMinor: z.number().int().nullable(),
});

/** `GET /api/public-holidays?country=FR&year=2027` (admin): a country's national public holidays, to add as closures. */
export const PublicHolidaysQuerySchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  year: z.coerce.number().int().min(2000).max(2199),
  /** The language of the names (the country's own when the library has none in it). */
  language: LanguageSchema.default('en'),
});
export const PublicHolidaysSchema = z.array(ClosureSchema);
