import type { SupplierProfile, UpdateSupplierProfileBody } from '@roam/contract/supplier-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A supplier's profile (server/src/features/suppliers/supplier-profile.routes.ts): the supplier
// itself or the admin; the server checks both, and keeps the price change percentage the admin's alone.

export const supplierProfileQueryKey = (id: string | null) => ['supplier-profile', id] as const;

/**
 * `GET /api/supplier/{id}`: a supplier's profile; the profile screen edits it, and the car editor reads its price
 * change percentage, for the customer prices it shows while a new car has no supplier terms of its own yet.
 */
export function useSupplierProfile(id: string | null) {
  return useQuery({
    queryKey: supplierProfileQueryKey(id),
    queryFn: ({ signal }) => api.get<SupplierProfile>(`/api/supplier/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** After a change: the profile as the server answered it, and the customer's supplier list (names, logos) refetched. */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return (profile: SupplierProfile) => {
    queryClient.setQueryData(supplierProfileQueryKey(profile._id), profile);
    return queryClient.invalidateQueries({ queryKey: ['suppliers'] });
  };
}

/** `PUT /api/update-supplier`: the fields sent change (the percentage: the admin only). */
export function useUpdateSupplierProfile() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (body: UpdateSupplierProfileBody) => api.put<SupplierProfile>('/api/update-supplier', body),
    onSuccess: changed,
    // The form shows the refusal at its fields.
    onError: () => {},
  });
}

/** `POST /api/update-supplier-logo/{id}` (multipart `image`, checked and re-encoded by the server), `delete-…`. */
export function useSupplierLogo() {
  const changed = useProfileChanged();
  const upload = useMutation({
    mutationFn: ({ supplierId, file }: { supplierId: string; file: File }) => {
      const body = new FormData();
      body.append('image', file);
      return api.post<SupplierProfile>(`/api/update-supplier-logo/${encodeURIComponent(supplierId)}`, body);
    },
    onSuccess: changed,
    onError: () => {},
  });
  const remove = useMutation({
    mutationFn: (supplierId: string) =>
      api.post<SupplierProfile>(`/api/delete-supplier-logo/${encodeURIComponent(supplierId)}`),
    onSuccess: changed,
    onError: () => {},
  });
  return { upload, remove };
}
