import type { AuditHistory } from '@roam/contract/audit';
import type { Language } from '@roam/contract/languages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

/** `GET /api/car-audit/{id}/{page}/{size}`: the car's history, newest first, readable (places named in `language`). */
export function useCarAudit(carId: string, page: number, size: number, language: Language) {
  return useQuery({
    queryKey: ['car-audit', carId, page, size, language] as const,
    queryFn: ({ signal }) =>
      api.get<AuditHistory>(`/api/car-audit/${encodeURIComponent(carId)}/${page}/${size}?language=${language}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
