import type { LicenseFile, UpdateUser, UserLicense } from '@roam/contract/profile';
import type { User } from '@roam/contract/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { setSessionUser } from '#web/lib/session';

// The profile calls of spec §7 used by the settings screen. Every change that answers a user puts it in the session
// so the header follows at once.

const formWith = (field: 'image' | 'file', file: File) => {
  const body = new FormData();
  body.append(field, file);
  return body;
};

export const userLicenseQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['user-license', userId],
    queryFn: ({ signal }) => api.get<UserLicense>(`/api/user-license/${userId}`, { signal }),
  });

/** Download address of a licence (owner, admin, or the supplier of a booking of that driver). */
export const licenseUrl = (fileId: string) => `/api/license/${fileId}`;

function useUserMutation<V>(call: (variables: V) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => setSessionUser(queryClient, user),
    onError: () => {},
  });
}

export const useUpdateProfile = () =>
  useUserMutation((profile: UpdateUser) => api.post<User>('/api/update-user', profile));

export const useUpdateEmailNotifications = () =>
  useUserMutation((enableEmailNotifications: boolean) =>
    api.post<User>('/api/update-email-notifications', { enableEmailNotifications }),
  );

export const useUpdateAvatar = (userId: string) =>
  useUserMutation((file: File) => api.post<User>(`/api/update-avatar/${userId}`, formWith('image', file)));

export const useDeleteAvatar = (userId: string) =>
  useUserMutation(() => api.post<User>(`/api/delete-avatar/${userId}`));

function useLicenseMutation<V>(userId: string, call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userLicenseQueryOptions(userId).queryKey }),
    onError: () => {},
  });
}

/** Adds or replaces the signed-in user's licence. */
export const useSaveLicense = (userId: string, hasLicense: boolean) =>
  useLicenseMutation(userId, (file: File) =>
    hasLicense
      ? api.post<LicenseFile>(`/api/update-license/${userId}`, formWith('file', file))
      : api.post<LicenseFile>('/api/create-license', formWith('file', file)),
  );

export const useDeleteLicense = (userId: string) =>
  useLicenseMutation(userId, () => api.post(`/api/delete-license/${userId}`));
