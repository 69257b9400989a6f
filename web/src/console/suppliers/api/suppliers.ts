import type { Ok } from '@roam/contract/auth';
import type {
  CreateSupplierBody,
  HouseBusiness,
  HouseBusinessState,
  SupplierProfile,
} from '@roam/contract/supplier-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

/** `POST /api/create-supplier`: the account, and its invitation e-mail. */
export function useInviteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupplierBody) => api.post<SupplierProfile>('/api/create-supplier', body),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin-users' }),
  });
}

/** `POST /api/resend-supplier-invitation/{id}`: a new link for a supplier who has not set a password yet. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (supplierId: string) => api.post<Ok>(`/api/resend-supplier-invitation/${supplierId}`),
  });
}

/** `GET /api/house-business`: the admin's own business, or null (docs/decisions/0013-…). */
export function useHouseBusiness() {
  return useQuery({
    queryKey: ['house-business'] as const,
    queryFn: ({ signal }) => api.get<HouseBusinessState>('/api/house-business', { signal }),
  });
}

/** `POST /api/create-house-business`: once; the suppliers list shows it at once. */
export function useCreateHouseBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<HouseBusiness>('/api/create-house-business'),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'admin-users' || q.queryKey[0] === 'house-business',
      }),
  });
}
