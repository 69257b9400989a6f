import type { SchedulerBody, SchedulerPage } from '@roam/contract/scheduler';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The scheduler's call (server/src/features/scheduler/scheduler.routes.ts).

/** `POST /api/scheduler/{page}/{size}`: a page of the place's cars and what holds them over the days. */
export function useScheduler(body: SchedulerBody | null, page: number, size: number) {
  return useQuery({
    queryKey: ['scheduler', body, page, size] as const,
    queryFn: ({ signal }) => api.post<SchedulerPage>(`/api/scheduler/${page}/${size}`, body, { signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
