import type { SiteSettingsState, UpdateSiteSettingsBody } from '@roam/contract/site-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The site's name, contact e-mail and default language, the admin's.

export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'] as const,
    queryFn: ({ signal }) => api.get<SiteSettingsState>('/api/site-settings', { signal }),
  });
}

/** Saves the settings sent; the app's own settings (the header's name, the titles) follow at once. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteSettingsBody) => api.put<SiteSettingsState>('/api/update-site-settings', body),
    onSuccess: (state) => {
      queryClient.setQueryData(['site-settings'], state);
      return queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}
