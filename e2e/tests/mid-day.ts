// A place's clock at mid-day whatever the hour the suite runs: the counter's and the operator's day are "today" at the
// place, so a spec makes its own place in a zone where it is now between 09:00 and 16:59.

/** Zones a few hours apart: at any UTC hour one of them reads between 09:00 and 16:59. */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Bangkok',
  'Asia/Dubai',
  'Europe/Paris',
  'Atlantic/Cape_Verde',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Denver',
  'America/Los_Angeles',
  'Pacific/Honolulu',
];

const hourIn = (zone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(at));

/** The day of `at` at the zone's clock, YYYY-MM-DD. */
export const dateIn = (zone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

/** A zone where it is mid-day at `now`. */
export function midDayZone(now = new Date()): string {
  const zone = ZONES.find((candidate) => hourIn(candidate, now) >= 9 && hourIn(candidate, now) < 17);
  if (!zone) throw new Error('no zone at mid-day');
  return zone;
}
