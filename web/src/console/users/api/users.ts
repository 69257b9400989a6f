import type { UpdateUser } from '@roam/contract/profile';
import type { AdminUser, AdminUsersPage, AdminUsersQuery, User } from '@roam/contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The admin's users calls. Verify, suspend and reactivate are the profile call with its flags.

export const USERS_PAGE_SIZE = 20;

export function useAdminUsers(query: AdminUsersQuery, page: number) {
  return useQuery({
    queryKey: ['admin-users', query, page] as const,
    queryFn: ({ signal }) => api.post<AdminUsersPage>(`/api/users/${page}/${USERS_PAGE_SIZE}`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: ['admin-user', id] as const,
    queryFn: ({ signal }) => api.get<AdminUser>(`/api/admin-user/${id}`, { signal }),
  });
}

/** Every users list and profile shows the change. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'admin-users' || q.queryKey[0] === 'admin-user',
    });
}

export function useUpdateUserFlags() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: Pick<UpdateUser, '_id' | 'verified' | 'blacklisted'>) =>
      api.post<User>('/api/update-user', body),
    onSuccess: refresh,
  });
}

/** `POST /api/reset-two-factor/{id}`: the admin's reset of someone's second factor; they are signed out. */
export function useResetTwoFactor() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api/reset-two-factor/${id}`, {}),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ _id: string }>(`/api/delete-user/${id}`),
    onSuccess: refresh,
  });
}
