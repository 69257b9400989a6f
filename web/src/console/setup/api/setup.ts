import type { SetupChecklist, TestEmailResult } from '@roam/contract/setup';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The admin's set-up checklist calls.

/** `GET /api/setup-status`: the admin's alone. The console's home asks it too (app/router.tsx). */
export const setupStatusQueryOptions = queryOptions({
  queryKey: ['setup-status'] as const,
  queryFn: ({ signal }) => api.get<SetupChecklist>('/api/setup-status', { signal }),
});

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions);
}

/** `POST /api/setup-test-email`: a test e-mail to the admin's own address; the screen handles a refusal. */
export function useSendTestEmail(handlers: {
  onSuccess: (result: TestEmailResult) => void;
  onError: (cause: unknown) => void;
}) {
  return useMutation({ mutationFn: () => api.post<TestEmailResult>('/api/setup-test-email'), ...handlers });
}
