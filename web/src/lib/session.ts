import type { User } from '@roam/contract/users';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, isApiError } from './api-client';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

// The signed-in user (spec §4 "User session"). Types only from the contract: zod stays out of the entry chunk.

export type Session = {
  user: User | null;
  /** A blacklisted (suspended) account: signed out, and flagged so screens can say why (spec §4, §6). */
  unauthorized: boolean;
};

const SIGNED_OUT: Session = { user: null, unauthorized: false };

export const SESSION_QUERY_KEY = ['session'] as const;

export function readStoredUser(): User | null {
  const raw = readStored(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<User> | null;
    return user && typeof user._id === 'string' ? (user as User) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User | null): void {
  writeStored(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

/**
 * Spec §4 session load: a stored user → validate the access token → fetch the user. Any failure, or no stored
 * user, signs out locally (nobody is redirected). The stored user is cleared when the server answered no; when it
 * never answered (NETWORK_ERROR: offline, or the page being left while the check was in flight, which cancels its
 * fetch) the stored copy is kept for the next page's check: clearing it there signed out the page the visitor was
 * going to — seen as a signed-in driver's /settings opening on the sign-in screen when an earlier page's check was
 * cut short by the navigation (e2e account.spec).
 */
export async function loadSession(signal?: AbortSignal): Promise<Session> {
  const stored = readStoredUser();
  if (!stored) return SIGNED_OUT;
  try {
    await api.post('/api/validate-access-token', undefined, { signal });
    const user = await api.get<User>(`/api/user/${encodeURIComponent(stored._id)}`, { signal });
    if (user.blacklisted) {
      storeUser(null);
      return { user: null, unauthorized: true };
    }
    storeUser(user);
    return { user, unauthorized: false };
  } catch (error) {
    if (signal?.aborted && !isApiError(error)) throw error;
    if (!isApiError(error) || error.code !== 'NETWORK_ERROR') storeUser(null);
    const suspended = isApiError(error) && error.code === 'ACCOUNT_SUSPENDED';
    return { user: null, unauthorized: suspended };
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => loadSession(signal),
  // Checked once per page load; sign-in, sign-out and profile changes update it directly.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The signed-in user, or null; `isLoading` until the session check of this page load has answered. */
export function useSession(): { user: User | null; isLoading: boolean; unauthorized: boolean } {
  const query = useQuery(sessionQueryOptions);
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
    unauthorized: query.data?.unauthorized ?? false,
  };
}

/** Puts a user in the session (after sign-in, activation, a profile change) and in local storage. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  storeUser(user);
  queryClient.setQueryData<Session>(SESSION_QUERY_KEY, { user, unauthorized: false });
}

/** Signs out on the server and locally; lands on `/` or `/sign-in` (spec §2). A failed call is not special (§8). */
export function useSignOut(): (options?: { redirectTo?: '/' | '/sign-in' }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ redirectTo = '/' } = {}) => {
      await api.post('/api/sign-out').catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
      setSessionUser(queryClient, null);
      writeStored(STORAGE_KEYS.stayConnected, null);
      // Everything cached belonged to the signed-out user.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'settings' && query.queryKey[0] !== 'session',
      });
      await navigate(redirectTo);
    },
    [queryClient, navigate],
  );
}
