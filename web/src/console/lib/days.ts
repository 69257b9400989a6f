// Calendar dates ('YYYY-MM-DD') as the console's screens count them: the scheduler's fortnights, the dashboard's
// periods, the exports' last day.

const DAY_MS = 24 * 3600_000;

/** 'YYYY-MM-DD' `offset` days after `date`. */
export function addDays(date: string, offset: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}
