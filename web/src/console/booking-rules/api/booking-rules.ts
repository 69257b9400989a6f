import type { RunTimeSettingsState, UpdateRunTimeSettingsBody } from '@roam/contract/booking-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The admin's run-time booking rules.

export function useRunTimeSettings() {
  return useQuery({
    queryKey: ['booking-rules'] as const,
    queryFn: ({ signal }) => api.get<RunTimeSettingsState>('/api/booking-rules', { signal }),
  });
}

/** Saves the rules sent; the app's own settings (the search form's checks) follow at once. */
export function useUpdateRunTimeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRunTimeSettingsBody) => api.put<RunTimeSettingsState>('/api/update-booking-rules', body),
    onSuccess: (state) => {
      queryClient.setQueryData(['booking-rules'], state);
      return queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}
