import type { Activate, CheckTokenResult } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '#web/lib/api-client';

/** The `u`, `e` and `t` of an e-mailed link, or null when one is missing. */
export function linkFromSearch(search: URLSearchParams): { userId: string; email: string; token: string } | null {
  const userId = search.get('u');
  const email = search.get('e');
  const token = search.get('t');
  return userId && email && token ? { userId, email, token } : null;
}

const segment = encodeURIComponent;

/**
 * `GET /api/check-token/frontend/{userId}/{email}/{token}`. An expired or used link is an expected answer, not an
 * error: it resolves to 'expired' (the screen then offers a new link).
 */
export async function checkToken(link: {
  userId: string;
  email: string;
  token: string;
}): Promise<CheckTokenResult | 'expired'> {
  try {
    return await api.get<CheckTokenResult>(
      `/api/check-token/frontend/${segment(link.userId)}/${segment(link.email)}/${segment(link.token)}`,
    );
  } catch (error) {
    if (isApiError(error) && error.code === 'TOKEN_EXPIRED') return 'expired';
    throw error;
  }
}

/** The e-mailed link of the address (`u`, `e`, `t`) and what the server says of it: checked once, never retried. */
export function useLinkCheck(search: URLSearchParams) {
  const link = linkFromSearch(search);
  const check = useQuery({
    queryKey: ['check-token', link?.userId, link?.token],
    queryFn: () => checkToken(link!),
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { link, check };
}

/** `POST /api/activate`: uses the link (and sets the password when asked); the user comes back signed in. */
export const activate = (input: Activate) => api.post<User>('/api/activate', input);

/** `POST /api/resend/frontend/{email}/{reset}`: a new activation link, or a password-reset link. */
export const resend = (email: string, reset: boolean) =>
  api.post(`/api/resend/frontend/${segment(email.trim())}/${reset ? 'true' : 'false'}`);

/** `POST /api/resend-link`: the signed-in user's activation link again. */
export const resendLink = () => api.post('/api/resend-link');
