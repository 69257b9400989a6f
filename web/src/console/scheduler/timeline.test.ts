// @vitest-environment node
import type { SchedulerRow } from '@roam/contract/scheduler';
import { describe, expect, it } from 'vitest';
import { addDays } from '#web/console/lib/days';
import { rowCells } from './timeline';

// The scheduler's bars over its day columns, at the place's clock.

const car: SchedulerRow['car'] = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Clio',
  licensePlate: null,
  range: 'mini',
  supplier: { _id: '00000000-0000-4000-8000-000000000002', name: 'Azur' },
};
const booking = (id: string, pickupAt: string, dropoffAt: string) => ({
  _id: `00000000-0000-4000-8000-00000000010${id}`,
  reference: `REF${id}`,
  status: 'paid' as const,
  pickupAt,
  dropoffAt,
  cancelRequest: false,
  driverName: 'Dana',
  overdue: false,
});
const spans = (row: SchedulerRow, zone = 'Europe/Paris') =>
  rowCells(row, '2026-12-01', 14, zone).map((cell) => [cell.start, cell.span, cell.bars.length]);

describe('scheduler timeline', () => {
  it('counts days forward across months', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-12-01', -14)).toBe('2026-11-17');
  });

  it("places a bar on the days it touches at the place's clock, free days around it", () => {
    // 3 Dec 10:00 to 5 Dec 10:00 in Paris (UTC+1).
    const row = { car, bookings: [booking('1', '2026-12-03T09:00:00.000Z', '2026-12-05T09:00:00.000Z')], blocks: [] };
    expect(spans(row)).toEqual([
      [0, 2, 0],
      [2, 3, 1],
      [5, 9, 0],
    ]);
    // 23:30 UTC on 2 Dec is already 3 Dec in Paris, still 2 Dec in New York.
    const late = { car, bookings: [booking('1', '2026-12-02T23:30:00.000Z', '2026-12-03T23:00:00.000Z')], blocks: [] };
    expect(spans(late)[1]).toEqual([2, 1, 1]);
    expect(spans(late, 'America/New_York')[1]).toEqual([1, 2, 1]);
  });

  it('clamps bars to the fortnight and leaves out what lies outside it', () => {
    const row = {
      car,
      bookings: [
        booking('1', '2026-11-20T09:00:00.000Z', '2026-12-02T09:00:00.000Z'),
        booking('2', '2026-12-13T09:00:00.000Z', '2026-12-20T09:00:00.000Z'),
        booking('3', '2026-12-20T09:00:00.000Z', '2026-12-22T09:00:00.000Z'),
      ],
      blocks: [],
    };
    expect(spans(row)).toEqual([
      [0, 2, 1],
      [2, 10, 0],
      [12, 2, 1],
    ]);
  });

  it('moves a bar that starts on the changeover day to the next day, or shares the day when it is that day only', () => {
    const row = {
      car,
      bookings: [
        booking('1', '2026-12-02T09:00:00.000Z', '2026-12-04T08:00:00.000Z'),
        booking('2', '2026-12-04T13:00:00.000Z', '2026-12-06T09:00:00.000Z'),
      ],
      blocks: [
        {
          _id: '00000000-0000-4000-8000-000000000201',
          startAt: '2026-12-06T12:00:00.000Z',
          endAt: '2026-12-06T16:00:00.000Z',
          reason: 'maintenance' as const,
        },
      ],
    };
    expect(spans(row)).toEqual([
      [0, 1, 0],
      [1, 3, 1],
      [4, 2, 2],
      [6, 8, 0],
    ]);
  });
});
