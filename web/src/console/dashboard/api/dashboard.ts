import type { Dashboard, DashboardQuery } from '@roam/contract/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '#web/lib/api-client';

// The dashboard's call (server/src/features/dashboard/dashboard.routes.ts).

/**
 * `GET /api/dashboard?from=&to=&supplierId=&language=`: today, the queues, and the period's figures. The screen's first
 * look at a period asks them fresh (`fresh=true`): a figure the server kept from minutes ago — before the booking the
 * operator just made — is never what a visit opens on; the refetches after it take the minute-old ones.
 */
export function useDashboard(query: DashboardQuery) {
  const seen = useRef(new Set<string>());
  return useQuery({
    queryKey: ['dashboard', query] as const,
    queryFn: ({ signal }) => {
      const key = searchOf(query).toString();
      const first = !seen.current.has(key);
      seen.current.add(key);
      return api.get<Dashboard>(`/api/dashboard?${searchOf(first ? { ...query, fresh: 'true' } : query)}`, {
        signal,
      });
    },
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
