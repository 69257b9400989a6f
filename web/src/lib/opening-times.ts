import type { OpeningTimes } from '@roam/contract/opening-hours';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// The times a place takes on a date, as the server computes them from the place's own opening hours (contract
// opening-hours.ts): the pickers offer those and no customer screen ships the hours' rules.

/** `GET /api/opening-times`; undefined until known, or without a place or a date. */
export function useOpeningTimes(locationId: string | undefined, date: string | undefined): OpeningTimes | undefined {
  return useQuery({
    queryKey: ['opening-times', locationId, date] as const,
    queryFn: ({ signal }) =>
      api.get<OpeningTimes>(`/api/opening-times?locationId=${locationId}&date=${date}`, { signal }),
    enabled: Boolean(locationId && date),
    staleTime: 10 * 60_000,
  }).data;
}

/** 'HH:mm' of a picker's time. */
export const clockOf = (time: { hour: number; minute: number }) =>
  `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;

/** Why the location refuses `time` that day (the message's key and its values), or null when it takes it. */
export function closedReason(
  times: OpeningTimes | undefined,
  time: string | undefined,
): { key: 'closedOn'; name: string } | { key: 'closedAt'; hours: string } | { key: 'closedDay' } | null {
  if (!times?.ownHours || !time || times.open.includes(time) || times.afterHours.includes(time)) return null;
  if (times.closure !== null) return { key: 'closedOn', name: times.closure };
  return times.hours ? { key: 'closedAt', hours: times.hours } : { key: 'closedDay' };
}
