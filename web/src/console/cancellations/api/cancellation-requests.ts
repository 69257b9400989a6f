import type {
  CancellationDecision,
  CancellationRequestsPage,
  CancellationRequestsQuery,
} from '@roam/contract/cancellations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The cancellation requests queue (server/src/features/bookings/cancellation-requests.routes.ts):
// a supplier's own bookings, the admin's any; the server checks the role and the ownership of every one.

/** `POST /api/cancellation-requests/{page}/{size}`: a page of the open requests, with what approval refunds. */
export function useCancellationRequests(query: CancellationRequestsQuery, page: number, size: number) {
  return useQuery({
    queryKey: ['cancellation-requests', query, page, size] as const,
    queryFn: ({ signal }) =>
      api.post<CancellationRequestsPage>(`/api/cancellation-requests/${page}/${size}`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a decision the queue and every booking list are read again (the booking reads cancelled, or unchanged). */
function useDecided() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cancellation-requests'] }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['booking'] }),
    ]);
}

/** `POST /api/approve-cancellation/{id}`: the booking cancelled, the terms' refund made through its gateway. */
export function useApproveCancellation() {
  const decided = useDecided();
  return useMutation({
    mutationFn: (id: string) => api.post<CancellationDecision>(`/api/approve-cancellation/${encodeURIComponent(id)}`),
    onSuccess: decided,
    onError: () => {},
  });
}

/** `POST /api/decline-cancellation/{id}`: the booking unchanged, `message` sent to the driver. */
export function useDeclineCancellation() {
  const decided = useDecided();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.post<CancellationDecision>(`/api/decline-cancellation/${encodeURIComponent(id)}`, { message }),
    onSuccess: decided,
    onError: () => {},
  });
}
