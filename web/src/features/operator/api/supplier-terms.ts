import type { SupplierProfile } from '@roam/contract/supplier-profile';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/supplier/{id}`: a supplier's profile; the car editor reads its price change percentage, for the customer
 * prices it shows while a new car has no supplier terms of its own yet (issue #23).
 */
export function useSupplierProfile(id: string | null) {
  return useQuery({
    queryKey: ['supplier-profile', id] as const,
    queryFn: ({ signal }) => api.get<SupplierProfile>(`/api/supplier/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}
