import { instantToZoned, zonedToInstant } from '@roam/contract/time';

// Kept apart from rental-period.ts (which needs @internationalized/date for the form's calendar values): the home
// page and the locations page link to searches with these defaults and should not download the date library.

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The default period at a place: tomorrow 10:00, back three days later at 10:00, in the place's time zone. */
export function defaultCriteriaFor(location: { _id: string; timeZone: string }, now = new Date()) {
  const today = instantToZoned(now, location.timeZone).date;
  return {
    pickupLocationId: location._id,
    dropoffLocationId: location._id,
    pickupAt: zonedToInstant({ date: addDays(today, 1), time: '10:00' }, location.timeZone).toISOString(),
    dropoffAt: zonedToInstant({ date: addDays(today, 4), time: '10:00' }, location.timeZone).toISOString(),
  };
}
