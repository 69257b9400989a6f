import type { z } from 'zod';
import type {
  ClosureSchema,
  OpeningHoursSchema,
  OpeningTimesQuerySchema,
  OpeningTimesSchema,
} from './opening-hours.schema.ts';
import type { PlaceFees } from './price.ts';
import { instantToZoned, type WallClock } from './time.ts';

// A place's own opening hours (docs/architecture.md §5 "Opening hours"): weekly ranges (several a day, both ends
// included, like the site-wide rule), dated closures with their names (a holiday, an inventory day), and the
// after-hours option — a key box, with or without a fee. A place without hours (null) keeps the site-wide rule of
// the booking rules. Pick-up and drop-off are read as wall-clock times at the place (time.ts), so a DST day
// changes nothing: 08:00 is 08:00 on either side of it. The schemas are in opening-hours.schema.ts.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type OpeningHours = z.infer<typeof OpeningHoursSchema>;
export type TimeRange = OpeningHours['weekly'][Weekday][number];
export type Closure = z.infer<typeof ClosureSchema>;
export type OpeningTimes = z.infer<typeof OpeningTimesSchema>;
export type OpeningTimesQuery = z.infer<typeof OpeningTimesQuerySchema>;

/** The most ranges one day may have (a lunch break makes two). */
export const MAX_RANGES_PER_DAY = 4;
/** The most dated closures one place keeps (a few years of public holidays). */
export const MAX_CLOSURES = 120;
/** The times the pickers offer, every half hour (the search form's grid). */
export const TIME_STEP_MINUTES = 30;

export const HOURS_MESSAGES = {
  rangeOrder: 'The opening time must be earlier than the closing time.',
  rangesOverlap: 'These opening hours overlap.',
  closureTwice: 'This date is already in the list.',
  /** The refusals name the hours of the day asked for (or the closure's name). */
  closedAt: (ranges: string) => `The location is closed at this time. That day it is open ${ranges}.`,
  closedDay: 'The location is closed that day.',
  closedOn: (name: string) => `The location is closed that day: ${name}.`,
} as const;

/** The refusals, as the screens read them back to translate them (web lib/form-messages.ts). */
export const HOURS_MESSAGE_PATTERNS = {
  closedAt: /^The location is closed at this time\. That day it is open (.+)\.$/,
  closedOn: /^The location is closed that day: (.+)\.$/,
} as const;

export const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The weekday of a calendar date 'YYYY-MM-DD' (Monday first). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] as Weekday;
}

/** The place's ranges on a date, and the closure's name when the date is closed by one. */
export function hoursOn(hours: OpeningHours, date: string): { ranges: readonly TimeRange[]; closure: string | null } {
  const closure = hours.closures.find((closed) => closed.date === date);
  if (closure) return { ranges: [], closure: closure.name };
  return { ranges: hours.weekly[weekdayOf(date)], closure: null };
}

/** '08:00–12:00, 14:00–18:00': language-neutral, so every screen shows the server's words as they are. */
export const rangesText = (ranges: readonly TimeRange[]) => ranges.map(({ from, to }) => `${from}–${to}`).join(', ');

export type Opening = 'open' | 'afterHours' | 'closed';

/** Whether the place takes a pick-up or drop-off at this wall-clock time: open, only by the key box, or not. */
export function openingAt(hours: OpeningHours, { date, time }: WallClock): Opening {
  const minute = minuteOf(time);
  const { ranges } = hoursOn(hours, date);
  if (ranges.some(({ from, to }) => minute >= minuteOf(from) && minute <= minuteOf(to))) return 'open';
  return hours.afterHours ? 'afterHours' : 'closed';
}

/** Why the place refuses the time, naming the hours of that day; null when it takes it. */
export function closedMessage(hours: OpeningHours, clock: WallClock): string | null {
  if (openingAt(hours, clock) !== 'closed') return null;
  const { ranges, closure } = hoursOn(hours, clock.date);
  if (closure !== null) return HOURS_MESSAGES.closedOn(closure);
  return ranges.length === 0 ? HOURS_MESSAGES.closedDay : HOURS_MESSAGES.closedAt(rangesText(ranges));
}

/** The refusal of an instant at a place in its zone (see closedMessage). */
export const closedMessageAt = (hours: OpeningHours, instant: Date, timeZone: string) =>
  Number.isNaN(instant.getTime()) ? null : closedMessage(hours, instantToZoned(instant, timeZone));

/** The times of the pickers' grid on a date: those the place is open, and those only its key box takes. */
export function openingTimesOn(hours: OpeningHours, date: string): Pick<OpeningTimes, 'open' | 'afterHours'> {
  const open: string[] = [];
  const afterHours: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += TIME_STEP_MINUTES) {
    const time = timeOf(minute);
    const opening = openingAt(hours, { date, time });
    if (opening === 'open') open.push(time);
    else if (opening === 'afterHours') afterHours.push(time);
  }
  return { open, afterHours };
}

/** One end of a rental at a place: its hours (null: the site-wide rule, no key box), zone and instant. */
export type RentalEnd = { openingHours: OpeningHours | null; timeZone: string; at: Date };

/** The key box's fee when the place takes this end only by its key box (after hours), else 0. */
function keyBoxFee({ openingHours, timeZone, at }: RentalEnd): number {
  if (!openingHours?.afterHours || Number.isNaN(at.getTime())) return 0;
  return openingAt(openingHours, instantToZoned(at, timeZone)) === 'afterHours' ? openingHours.afterHours.feeMinor : 0;
}

/**
 * The places' fees of a rental (price.ts PlaceFees): the pick-up's and the drop-off's key box fee when each is after
 * hours, as the place's hours show it. The server prices checkout, walk-in and a change with these.
 */
export function placeFeesOf(pickup: RentalEnd, dropoff: RentalEnd): PlaceFees {
  const fees: PlaceFees = {};
  const [pickupFee, dropoffFee] = [keyBoxFee(pickup), keyBoxFee(dropoff)];
  if (pickupFee > 0) fees.afterHoursPickup = pickupFee;
  if (dropoffFee > 0) fees.afterHoursDropoff = dropoffFee;
  return fees;
}
