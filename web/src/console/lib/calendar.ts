import type { CarCalendar } from '@roam/contract/car-blocks';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';

// The per-car calendar: a month at the car's place, each day with what holds the car on it.

export type DayHold = { kind: 'booking' | 'block'; id: string };

/** 'YYYY-MM' of the month `offset` months after `month`. */
export function addMonths(month: string, offset: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month that holds `instant` at `timeZone`. */
export const monthOf = (instant: Date, timeZone: string) => instantToZoned(instant, timeZone).date.slice(0, 7);

/** The month's first and next month's first instants at `timeZone`: the calendar call's range. */
export function monthRange(month: string, timeZone: string): { from: string; to: string } {
  const at = (m: string) => zonedToInstant({ date: `${m}-01`, time: '00:00' }, timeZone).toISOString();
  return { from: at(month), to: at(addMonths(month, 1)) };
}

/** The month's days ('YYYY-MM-DD'), in weeks from Monday; null fills the days of other months. */
export function monthWeeks(month: string): (string | null)[][] {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, index - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** What holds the car during some part of `day` at `timeZone`. */
export function holdsOn(calendar: CarCalendar, day: string, timeZone: string): DayHold[] {
  const start = zonedToInstant({ date: day, time: '00:00' }, timeZone).getTime();
  const end = start + 24 * 3600_000;
  const overlaps = (from: string, to: string) => Date.parse(from) < end && Date.parse(to) > start;
  return [
    ...calendar.bookings
      .filter((booking) => overlaps(booking.pickupAt, booking.dropoffAt))
      .map((booking) => ({ kind: 'booking' as const, id: booking._id })),
    ...calendar.blocks
      .filter((block) => overlaps(block.startAt, block.endAt))
      .map((block) => ({ kind: 'block' as const, id: block._id })),
  ];
}
