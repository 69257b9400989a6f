import type { Reconciliation, ReconciliationQuery } from '@roam/contract/reconciliation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The reconciliation's call (server/src/features/reconciliation/reconciliation.routes.ts).

/** `GET /api/reconciliation?gateway=&from=&to=&page=&size=`: the days' totals and a page of mismatches. */
export function useReconciliation(query: ReconciliationQuery) {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    page: String(query.page),
    size: String(query.size),
    ...(query.gateway ? { gateway: query.gateway } : {}),
  });
  return useQuery({
    queryKey: ['reconciliation', params.toString()] as const,
    queryFn: ({ signal }) => api.get<Reconciliation>(`/api/reconciliation?${params}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
