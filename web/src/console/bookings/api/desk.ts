import type { AuditHistory } from '@roam/contract/audit';
import type {
  DeskBooking,
  DeskBookingsPage,
  DeskBookingsQuery,
  DeskFilter,
  DeskNote,
  DeskTotalsAnswer,
} from '@roam/contract/booking-desk';
import type { InvoiceParty } from '@roam/contract/invoices';
import type { Language } from '@roam/contract/languages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The bookings desk's calls (server/src/features/booking-desk/booking-desk.routes.ts). A booking's changes are the
// amendments' and the cancellations' calls (features/bookings/api, console/cancellations/api); after any of them the
// desk's list and view are read again.

export function useDeskBookings(query: DeskBookingsQuery, page: number, size: number) {
  return useQuery({
    queryKey: ['desk-bookings', query, page, size] as const,
    queryFn: ({ signal }) => api.post<DeskBookingsPage>(`/api/operator-bookings/${page}/${size}`, query, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * When this console last changed a booking (its own clock), and when each filter's totals were last summed for it: the
 * server keeps a filter's totals a minute, so a totals line summed before the operator's own change is asked again
 * fresh, never the minute-old sums that miss it.
 */
let changedAt = 0;
const summedAt = new Map<string, number>();

/**
 * The totals line of a filter (`POST /api/operator-bookings-totals`): one call per filter, whatever the page; a minute
 * old at most (`asOf`), fresh after this console's own change.
 */
export function useDeskTotals(filter: DeskFilter) {
  return useQuery({
    queryKey: ['desk-bookings', 'totals', filter] as const,
    queryFn: ({ signal }) => {
      const key = JSON.stringify(filter);
      const fresh = changedAt > 0 && (summedAt.get(key) ?? 0) < changedAt;
      summedAt.set(key, Date.now());
      return api.post<DeskTotalsAnswer>('/api/operator-bookings-totals', fresh ? { ...filter, fresh } : filter, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The totals summed now (the operator's Refresh), in place of the kept ones. */
export function useRefreshDeskTotals(filter: DeskFilter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DeskTotalsAnswer>('/api/operator-bookings-totals', { ...filter, fresh: true }),
    onSuccess: (answer) => queryClient.setQueryData(['desk-bookings', 'totals', filter], answer),
  });
}

export function useDeskBooking(id: string, language: Language) {
  return useQuery({
    queryKey: ['desk-booking', id, language] as const,
    queryFn: ({ signal }) =>
      api.get<DeskBooking>(`/api/operator-booking/${encodeURIComponent(id)}?language=${language}`, { signal }),
    retry: false,
  });
}

export function useBookingHistory(id: string, page: number, size: number, language: Language) {
  return useQuery({
    queryKey: ['booking-audit', id, page, size, language] as const,
    queryFn: ({ signal }) =>
      api.get<AuditHistory>(`/api/booking-audit/${encodeURIComponent(id)}/${page}/${size}?language=${language}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Reads the desk's list, the booking and its history again (after a change made from the view or the list). */
export function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () => {
    changedAt = Date.now();
    return Promise.all(
      ['desk-bookings', 'desk-booking', 'booking-audit', 'dashboard'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
  };
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<DeskNote[]>(`/api/booking-note/${encodeURIComponent(id)}`, { text }),
    onSuccess: (notes) =>
      queryClient.setQueriesData<DeskBooking>({ queryKey: ['desk-booking', id] }, (booking) =>
        booking ? { ...booking, notes } : booking,
      ),
    onError: () => {},
  });
}

/** The confirmation again, or the payment link: the e-mail a desk sends the driver once more. */
export function useSendAgain(id: string) {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (what: 'confirmation' | 'paymentLink') =>
      api.post<{ sentTo: string }>(
        what === 'confirmation'
          ? `/api/resend-booking-confirmation/${encodeURIComponent(id)}`
          : `/api/send-payment-link/${encodeURIComponent(id)}`,
      ),
    onSuccess: refresh,
    onError: () => {},
  });
}

/** `POST /api/booking-invoice-buyer/{id}`: the business customer on the booking's next invoices; null: the driver. */
export function useSetInvoiceBuyer(id: string) {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (buyer: InvoiceParty | null) =>
      api.post<{ buyer: InvoiceParty | null }>(`/api/booking-invoice-buyer/${encodeURIComponent(id)}`, {
        buyer,
      }),
    onSuccess: refresh,
    onError: () => {},
  });
}
