import type { Ok } from '@roam/contract/auth';
import type { RecoveryCodes, SessionInfo, TwoFactorEnrolment, TwoFactorStatus } from '@roam/contract/team';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A person's own two-step sign-in (docs/decisions/0010-members-of-a-business.md): its status, the enrolment with a
// QR code, the recovery codes shown once, turning it off with a code. The server decides; these only ask.

export const twoFactorQueryOptions = queryOptions({
  queryKey: ['two-factor'] as const,
  queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/two-factor', { signal }),
});

function useRefreshStatus() {
  const queryClient = useQueryClient();
  // The console's access (`my-access`) carries the same status: a member just enrolled may now do their work.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['my-access'] }),
    ]);
}

export const beginEnrolment = () => api.post<TwoFactorEnrolment>('/api/two-factor/enrol', {});

export function useConfirmEnrolment() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/two-factor/confirm', { code }),
    onSuccess: refresh,
    onError: () => {},
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) => api.post<Ok>('/api/two-factor/disable', { code }),
    onSuccess: refresh,
    onError: () => {},
  });
}

/** `POST /api/two-factor/recovery-codes`: ten new codes after a current one; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/two-factor/recovery-codes', { code }),
    onSuccess: refresh,
    onError: () => {},
  });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'] as const,
  queryFn: ({ signal }) => api.get<SessionInfo[]>('/api/sessions', { signal }),
});

/** `DELETE /api/sessions/{id}`: ends one of one's sessions (that device is signed out at its next call). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok>(`/api/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
    onError: () => {},
  });
}
