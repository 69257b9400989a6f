import { type CalendarDate, parseDate, Time } from '@internationalized/date';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';

// Pick-up and drop-off are wall-clock times at their location (docs/architecture.md §5 Time): the form holds a date and a
// time, the address and the API hold the instant they name in the location's zone.

export interface WallClockValue {
  date: CalendarDate | null;
  time: Time | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function toInstant({ date, time }: WallClockValue, timeZone: string): Date {
  if (!date || !time) return new Date(Number.NaN);
  return zonedToInstant({ date: date.toString(), time: `${pad(time.hour)}:${pad(time.minute)}` }, timeZone);
}

export function fromInstant(iso: string, timeZone: string): WallClockValue {
  const { date, time } = instantToZoned(new Date(iso), timeZone);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { date: parseDate(date), time: new Time(hour, minute) };
}

/** The date it is at `now` in `timeZone`. */
export function todayIn(now: Date, timeZone: string): CalendarDate {
  return parseDate(instantToZoned(now, timeZone).date);
}

/** Sensible defaults: tomorrow 10:00, back three days later at 10:00. */
export function defaultPeriod(now: Date, timeZone: string): { pickup: WallClockValue; dropoff: WallClockValue } {
  const pickupDate = todayIn(now, timeZone).add({ days: 1 });
  return {
    pickup: { date: pickupDate, time: new Time(10, 0) },
    dropoff: { date: pickupDate.add({ days: 3 }), time: new Time(10, 0) },
  };
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
