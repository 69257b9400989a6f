import type { AuditPage } from '@roam/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

/** `GET /api/car-audit/{id}/{page}/{size}`: the car's audit trail, newest first (issue #23). */
export function useCarAudit(carId: string, page: number, size: number) {
  return useQuery({
    queryKey: ['car-audit', carId, page, size] as const,
    queryFn: ({ signal }) =>
      api.get<AuditPage>(`/api/car-audit/${encodeURIComponent(carId)}/${page}/${size}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
