import type { SchedulerRow } from '@roam/contract/scheduler';
import { instantToZoned } from '@roam/contract/time';
import { addDays } from '#web/console/lib/days';

// The scheduler's timeline: days at the place as columns, and what holds a car as bars over the
// days they touch. Pure, so the screen only draws.

/** What the screen shows at once. */
export const FORTNIGHT = 14;

const DAY_MS = 24 * 3600_000;

/** The `count` dates from `from`. */
export const daysFrom = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));

/** Days between two dates ('YYYY-MM-DD'). */
const dayIndex = (from: string, date: string) => Math.round((Date.parse(date) - Date.parse(from)) / DAY_MS);

export type Bar =
  | { kind: 'booking'; booking: SchedulerRow['bookings'][number] }
  | { kind: 'block'; block: SchedulerRow['blocks'][number] };

/** A cell of a car's row: empty days, or the days one or more bars cover (two bars meet on a changeover day). */
export type Cell = { start: number; span: number; bars: Bar[] };

const startOf = (bar: Bar) => (bar.kind === 'booking' ? bar.booking.pickupAt : bar.block.startAt);
const endOf = (bar: Bar) => (bar.kind === 'booking' ? bar.booking.dropoffAt : bar.block.endAt);

/** The columns [first, last) a period covers at `timeZone`, clamped to the `days` shown from `from`. */
export function columnsOf(period: { start: string; end: string }, from: string, days: number, timeZone: string) {
  const first = dayIndex(from, instantToZoned(new Date(period.start), timeZone).date);
  // The end is excluded: a drop-off at midnight does not touch the next day.
  const last = dayIndex(from, instantToZoned(new Date(Date.parse(period.end) - 1), timeZone).date) + 1;
  return { first: Math.max(0, first), last: Math.min(days, last) };
}

/**
 * The row's cells, left to right: each bar from its first day to its last, in order. A bar that starts on the day the
 * one before it ends (a drop-off in the morning, the next pick-up in the afternoon) starts on the next day, or shares
 * the cell when it lasts that day only: nothing holds a car twice at once (the exclusion constraint), so bars never
 * overlap by more than that.
 */
export function rowCells(row: SchedulerRow, from: string, days: number, timeZone: string): Cell[] {
  const bars: Bar[] = [
    ...row.bookings.map((booking) => ({ kind: 'booking' as const, booking })),
    ...row.blocks.map((block) => ({ kind: 'block' as const, block })),
  ].sort((a, b) => Date.parse(startOf(a)) - Date.parse(startOf(b)));
  const cells: Cell[] = [];
  let next = 0;
  for (const bar of bars) {
    const { first, last } = columnsOf({ start: startOf(bar), end: endOf(bar) }, from, days, timeZone);
    if (last <= 0 || first >= days) continue;
    const start = Math.max(first, next);
    const previous = cells.at(-1);
    if (start >= last && previous && previous.bars.length > 0) {
      previous.bars.push(bar);
      continue;
    }
    if (start > next) cells.push({ start: next, span: start - next, bars: [] });
    cells.push({ start, span: Math.max(1, last - start), bars: [bar] });
    next = start + Math.max(1, last - start);
  }
  if (next < days) cells.push({ start: next, span: days - next, bars: [] });
  return cells;
}
