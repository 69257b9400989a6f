import type { AmendmentQuote } from '@roam/contract/amendments';
import type { Booking, BookingsPage, BookingsQuery, OperatorStatus, UpdateBookingBody } from '@roam/contract/bookings';
import type { CancellationQuote } from '@roam/contract/cancellations';
import type { Language } from '@roam/contract/languages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The bookings calls (server/src/features/bookings/bookings.routes.ts). Every one checks ownership on the server.

export function useBookings(query: BookingsQuery, page: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', query, page, size] as const,
    queryFn: ({ signal }) => api.post<BookingsPage>(`/api/bookings/${page}/${size}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBooking(id: string | null, language: Language) {
  return useQuery({
    queryKey: ['booking', id, language] as const,
    queryFn: ({ signal }) =>
      api.get<Booking>(`/api/booking/${encodeURIComponent(id ?? '')}?language=${language}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** After any change: the list and the booking are refetched. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['booking'] }),
    ]);
}

export function useCancelBooking(language: Language) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<Booking>(`/api/cancel-booking/${encodeURIComponent(id)}?language=${language}`),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}

export function useUpdateBooking(language: Language) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBookingBody }) =>
      api.post<Booking>(`/api/update-booking/${encodeURIComponent(id)}?language=${language}`, body),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}

export function useDeleteBookings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) => api.post<{ count: number }>('/api/delete-bookings', { ids }),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}

/** An unpaid online booking's driver lets the car go. */
export function useReleaseBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<{ count: number }>(`/api/release-booking/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}

export function useUpdateBookingStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: OperatorStatus }) =>
      api.post<{ count: number }>('/api/update-booking-status', { ids, status }),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}

/** What the driver's cancel would do now: read fresh each time the cancel dialog opens. */
export function useFetchCancellationQuote() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.fetchQuery({
      queryKey: ['cancellation-quote', id] as const,
      queryFn: ({ signal }) =>
        api.get<CancellationQuote>(`/api/cancellation-quote/${encodeURIComponent(id)}`, { signal }),
      staleTime: 0,
    });
}

/** What a change would cost: asked when the driver checks the price, before confirming. */
export function useAmendmentQuote() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBookingBody }) =>
      api.post<AmendmentQuote>(`/api/amendment-quote/${encodeURIComponent(id)}`, body),
    // The editor says what went wrong (its form message), not the generic handler.
    onError: () => {},
  });
}

/** Its driver refuses a booking made in their name at the desk (second outside audit, item 1). */
export function useRefuseBooking(language: Language) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<Booking>(`/api/refuse-booking/${encodeURIComponent(id)}?language=${language}`),
    onSuccess: invalidate,
    // Screens say what went wrong (a translated toast), not the generic handler.
    onError: () => {},
  });
}
