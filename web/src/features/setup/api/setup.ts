import type { FirstAdmin, SetupStatus } from '@roam/contract/setup';
import type { User } from '@roam/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The set-up calls: whether the logged link may still create the first admin, and creating it.

export const setupStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['setup', token],
    queryFn: ({ signal }) => api.get<SetupStatus>(`/api/setup/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const createFirstAdmin = (input: FirstAdmin) => api.post<User>('/api/setup', input);
