import { describe, expect, it } from 'vitest';
import { type OpeningHours, placeFeesOf } from './opening-hours.ts';
import { zonedToInstant } from './time.ts';

// The key box's fees of a rental (docs/architecture.md §5 "Opening hours"): which end is after hours, at its place.

const day = [{ from: '08:00', to: '18:00' }];
const hours = (afterHours: OpeningHours['afterHours']): OpeningHours => ({
  weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
  closures: [{ date: '2027-03-03', name: 'Inventory' }],
  afterHours,
});
const PARIS = 'Europe/Paris';
const end = (openingHours: OpeningHours | null, date: string, time: string, timeZone = PARIS) => ({
  openingHours,
  timeZone,
  at: zonedToInstant({ date, time }, timeZone),
});

describe('placeFeesOf', () => {
  const keyBox = hours({ feeMinor: 2500 });

  it('charges an end after hours at a place with a key box, at that place’s fee; none in the hours', () => {
    expect(placeFeesOf(end(keyBox, '2027-03-01', '08:00'), end(keyBox, '2027-03-04', '18:00'))).toEqual({});
    expect(placeFeesOf(end(keyBox, '2027-03-01', '07:30'), end(keyBox, '2027-03-04', '12:00'))).toEqual({
      afterHoursPickup: 2500,
    });
    const other = hours({ feeMinor: 900 });
    expect(placeFeesOf(end(keyBox, '2027-03-01', '19:00'), end(other, '2027-03-04', '18:30'))).toEqual({
      afterHoursPickup: 2500,
      afterHoursDropoff: 900,
    });
  });

  it('reads the time on the place’s own clock, and a closed day or a closure is after hours too', () => {
    // 07:30 in Paris is 08:30 in Helsinki: open there.
    const helsinki = end(keyBox, '2027-03-01', '08:30', 'Europe/Helsinki');
    expect(placeFeesOf(helsinki, end(keyBox, '2027-03-04', '12:00'))).toEqual({});
    expect(placeFeesOf(end(keyBox, '2027-03-06', '10:00'), end(keyBox, '2027-03-03', '10:00'))).toEqual({
      afterHoursPickup: 2500,
      afterHoursDropoff: 2500,
    });
  });

  it('charges nothing without a key box, for a free one, or at a place keeping the site-wide rule', () => {
    const free = hours({ feeMinor: 0 });
    expect(placeFeesOf(end(hours(null), '2027-03-01', '07:00'), end(free, '2027-03-04', '20:00'))).toEqual({});
    expect(placeFeesOf(end(null, '2027-03-01', '07:00'), end(null, '2027-03-04', '20:00'))).toEqual({});
  });
});
