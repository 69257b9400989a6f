import type { Dashboard, DashboardQuery } from '@roam/contract/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The dashboard's call (issue #24 item 6, server/src/features/dashboard/dashboard.routes.ts).

/** `GET /api/dashboard?from=&to=&supplierId=&language=`: today, the queues, and the period's figures. */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: ['dashboard', query] as const,
    queryFn: ({ signal }) => api.get<Dashboard>(`/api/dashboard?${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same call with `fresh=true`: the period's figures computed now, not the minute-old ones the server keeps. */
export function useRefreshDashboard(query: DashboardQuery) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<Dashboard>(`/api/dashboard?${searchOf({ ...query, fresh: 'true' })}`),
    onSuccess: (data) => queryClient.setQueryData(['dashboard', query], data),
  });
}

const searchOf = (query: DashboardQuery) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
