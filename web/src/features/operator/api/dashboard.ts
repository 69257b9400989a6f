import type { Dashboard, DashboardQuery } from '@roam/contract/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The dashboard's call (issue #24 item 6, server/src/features/dashboard/dashboard.routes.ts).

/** `GET /api/dashboard?from=&to=&supplierId=&language=`: today, the queues, and the period's figures. */
export function useDashboard(query: DashboardQuery) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return useQuery({
    queryKey: ['dashboard', query] as const,
    queryFn: ({ signal }) => api.get<Dashboard>(`/api/dashboard?${search}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
