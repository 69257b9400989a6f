import type { ManageBookingLinkBody, OpenedManageLink } from '@roam/contract/booking-access';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '#web/lib/api-client';

// Managing a booking without an account (server/src/features/booking-access).

/** `POST /api/manage-booking-link`: the same answer whether or not a booking matches. */
export const askManageLink = (body: ManageBookingLinkBody) =>
  api.post<{ sent: true }>('/api/manage-booking-link', body);

/**
 * `POST /api/open-manage-link`, once per link (a query, so that a second render never spends the one use): the
 * booking it opens to this browser, or 'expired' for a used or expired link.
 */
export function useOpenManageLink(token: string) {
  return useQuery({
    queryKey: ['manage-link', token] as const,
    queryFn: async (): Promise<OpenedManageLink | 'expired'> => {
      try {
        return await api.post<OpenedManageLink>('/api/open-manage-link', { token });
      } catch (error) {
        if (isApiError(error) && (error.code === 'TOKEN_EXPIRED' || error.code === 'VALIDATION_FAILED'))
          return 'expired';
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
