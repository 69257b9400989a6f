import type { Settings } from './settings.ts';

// Time rules: docs/architecture.md §5 "Time". Pick-up and drop-off are wall-clock times at their
// location's IANA time zone; durations are real elapsed time, so they stay right across DST.
// The date and time schemas are in time.schema.ts.

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return monthDays !== undefined && day >= 1 && day <= monthDays ? { year, month, day } : null;
}

/** A real calendar date, 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export const isCalendarDate = (date: string) => parseDate(date) !== null;
/** A 24-hour wall-clock time, 'HH:mm'. */
export const isWallClockTime = (time: string) => TIME_PATTERN.test(time);

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * Readings already made: formatToParts costs ~40 µs, and a car search prices hundreds of cars over the same rental
 * days (the date-based price looks up each day's local date). Bounded; a reading never changes.
 */
const readings = new Map<string, number>();
const MAX_READINGS = 10_000;

/** The instant's wall-clock reading in the zone, encoded as if it were UTC milliseconds. */
function wallClockAt(instant: number, timeZone: string): number {
  const key = `${timeZone} ${instant}`;
  const known = readings.get(key);
  if (known !== undefined) return known;
  const parts = formatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const reading = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  if (readings.size >= MAX_READINGS) readings.clear();
  readings.set(key, reading);
  return reading;
}

function offsetAt(instant: number, timeZone: string): number {
  return wallClockAt(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in a zone; Invalid Date for a malformed date or time.
 * A time skipped by a spring-forward gap becomes the first instant after the gap (the
 * transition); a time repeated by a fall-back overlap takes the earlier instant.
 */
export function zonedToInstant({ date, time }: WallClock, timeZone: string): Date {
  const day = parseDate(date);
  const clock = TIME_PATTERN.exec(time);
  if (!day || !clock) return new Date(Number.NaN);
  const local = Date.UTC(day.year, day.month - 1, day.day, Number(clock[1]), Number(clock[2]));
  // The offsets a day either side bracket any transition near this time.
  const candidates = [local - offsetAt(local - DAY, timeZone), local - offsetAt(local + DAY, timeZone)];
  const matches = candidates.filter((instant) => wallClockAt(instant, timeZone) === local);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In a gap neither candidate reads back as `local`: the earlier one still has the old offset,
  // the later one already the new one. Bisect (to the second) for the transition between them.
  let [before, after] = [Math.min(...candidates), Math.max(...candidates)];
  const oldOffset = offsetAt(before, timeZone);
  while (after - before > 1000) {
    const middle = before + Math.max(1000, Math.floor((after - before) / 2000) * 1000);
    if (offsetAt(middle, timeZone) === oldOffset) before = middle;
    else after = middle;
  }
  return new Date(after);
}

/** Readings by zone, then by instant (no key string to build and hash per call: the car search reads thousands). */
const wallClocks = new Map<string, Map<number, Readonly<WallClock>>>();

export function instantToZoned(instant: Date, timeZone: string): Readonly<WallClock> {
  const at = instant.getTime();
  let inZone = wallClocks.get(timeZone);
  if (!inZone) {
    inZone = new Map();
    wallClocks.set(timeZone, inZone);
  }
  const known = inZone.get(at);
  if (known) return known;
  const iso = new Date(wallClockAt(at, timeZone)).toISOString();
  const clock = Object.freeze({ date: iso.slice(0, 10), time: iso.slice(11, 16) });
  if (inZone.size >= MAX_READINGS) inZone.clear();
  inZone.set(at, clock);
  return clock;
}

/** Started hours, counted in real elapsed time (docs/architecture.md §5 "Price"). */
export function rentalHours(pickupAt: Date, dropoffAt: Date): number {
  return Math.ceil((dropoffAt.getTime() - pickupAt.getTime()) / HOUR);
}

/** Started 24-hour days, at least one (docs/architecture.md §5 "Price"). */
export function rentalDays(pickupAt: Date, dropoffAt: Date): number {
  return Math.max(1, Math.ceil(rentalHours(pickupAt, dropoffAt) / 24));
}

/** Age in whole years on the calendar date `at` falls on in `timeZone` (spec §5 minimum age). */
export function ageOn(birthDate: string, at: Date, timeZone = 'UTC'): number {
  const birth = parseDate(birthDate);
  const today = parseDate(instantToZoned(at, timeZone).date);
  if (!birth || !today) return Number.NaN;
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** What can be wrong with a rental period, in the order of spec §5's date messages (`RENTAL_PERIOD_MESSAGES`). */
export type RentalPeriodIssue =
  | 'pickupTooSoon'
  | 'durationTooShort'
  | 'durationTooLong'
  | 'invalidPickupTime'
  | 'invalidDropoffTime';

/** Spec §5 date messages, word for word: the server's field errors, which the screens translate back by issue. */
export const RENTAL_PERIOD_MESSAGES: Readonly<Record<RentalPeriodIssue, string>> = {
  pickupTooSoon: 'Pick-up time must be at least a few hours in the future',
  durationTooShort: 'Rental duration is too short',
  /** Ours, not the spec's: a rental past the booking rules' longest (`maxRentalDays`). */
  durationTooLong: 'Rental duration is too long',
  invalidPickupTime: 'Invalid pick-up time',
  invalidDropoffTime: 'Invalid drop-off time',
};

/** The issue a server message names, if it is one of them. */
export function rentalPeriodIssueOf(message: string | undefined): RentalPeriodIssue | undefined {
  return (Object.keys(RENTAL_PERIOD_MESSAGES) as RentalPeriodIssue[]).find(
    (issue) => RENTAL_PERIOD_MESSAGES[issue] === message,
  );
}

export type RentalPeriodRules = Pick<
  Settings,
  | 'minPickupLeadHours'
  | 'minRentalHours'
  | 'maxRentalDays'
  | 'earliestPickupHour'
  | 'latestPickupHour'
  | 'earliestDropoffHour'
  | 'latestDropoffHour'
>;

/**
 * Opening hours are whole hours, both ends included: 7–22 allows 07:00 to 22:00. `minute` counts from midnight on
 * the place's clock (the forms' time lists offer only these).
 */
export function withinOpeningHours(minute: number, earliestHour: number, latestHour: number): boolean {
  const [open, close] = [earliestHour * 60, latestHour * 60];
  // A window like 22–06 runs overnight.
  return open <= close ? minute >= open && minute <= close : minute >= open || minute <= close;
}

function withinHours(instant: Date, timeZone: string, earliestHour: number, latestHour: number): boolean {
  const [hours = 0, minutes = 0] = instantToZoned(instant, timeZone).time.split(':').map(Number);
  return withinOpeningHours(hours * 60 + minutes, earliestHour, latestHour);
}

export function validateRentalPeriod(input: {
  pickupAt: Date;
  dropoffAt: Date;
  now: Date;
  pickupTimeZone: string;
  dropoffTimeZone: string;
  rules: RentalPeriodRules;
  /**
   * The places with their own opening hours (opening-hours.ts), whose times the site-wide hours do not judge: the
   * server checks them against the place's hours and names those.
   */
  ownHours?: { pickup: boolean; dropoff: boolean };
}): RentalPeriodIssue[] {
  const { pickupAt, dropoffAt, now, rules } = input;
  const issues: RentalPeriodIssue[] = [];
  const pickupValid = !Number.isNaN(pickupAt.getTime());
  const dropoffValid = !Number.isNaN(dropoffAt.getTime());
  if (pickupValid && pickupAt.getTime() < now.getTime() + rules.minPickupLeadHours * HOUR) {
    issues.push('pickupTooSoon');
  }
  const duration = dropoffAt.getTime() - pickupAt.getTime();
  if (duration > 0 && duration < rules.minRentalHours * HOUR) issues.push('durationTooShort');
  if (duration > rules.maxRentalDays * 24 * HOUR) issues.push('durationTooLong');
  const { ownHours } = input;
  if (
    !pickupValid ||
    (!ownHours?.pickup &&
      !withinHours(pickupAt, input.pickupTimeZone, rules.earliestPickupHour, rules.latestPickupHour))
  ) {
    issues.push('invalidPickupTime');
  }
  if (
    !dropoffValid ||
    (pickupValid && duration <= 0) ||
    (!ownHours?.dropoff &&
      !withinHours(dropoffAt, input.dropoffTimeZone, rules.earliestDropoffHour, rules.latestDropoffHour))
  ) {
    issues.push('invalidDropoffTime');
  }
  return issues;
}

/**
 * The years an operator's period may fall in (the scheduler, the dashboard, the bookings export): wide enough for
 * any business's history and plans, narrow enough that every date of it is an instant the database and the time
 * zones work with (the year 1 answered 500; second audit, item 16). The schema: time.schema.ts `PeriodDateSchema`.
 */
export const PERIOD_YEARS = { first: 2000, last: 2199 } as const;
