import type { Supplier } from '@roam/contract/suppliers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

export const suppliersQueryOptions = queryOptions({
  queryKey: ['suppliers'] as const,
  queryFn: ({ signal }) => api.get<Supplier[]>('/api/suppliers', { signal }),
  staleTime: 5 * 60_000,
});

/** `GET /api/suppliers`: every supplier with its logo URL and number of cars. */
export function useSuppliers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...suppliersQueryOptions, enabled: options.enabled ?? true });
}
