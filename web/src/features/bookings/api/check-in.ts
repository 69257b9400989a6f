import type { BookingDocument, CheckIn, CheckInBody } from '@roam/contract/counter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The customer's side of the counter (docs/api.md "The counter"): online check-in and the booking's documents, to its
// driver (signed in, or a manage link's grant) and its operators.

const id = (bookingId: string) => encodeURIComponent(bookingId);

export const checkInQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['check-in', bookingId] as const,
    queryFn: ({ signal }) => api.get<CheckIn>(`/api/check-in/${id(bookingId)}`, { signal }),
    retry: false,
  });

/** `GET /api/check-in/{id}`: whether check-in is open, what was given, the signed agreement. */
export const useCheckIn = (bookingId: string, enabled = true) => useQuery({ ...checkInQuery(bookingId), enabled });

/** `POST /api/check-in/{id}`: the licence, the additional drivers and the signature; answers the check-in. */
export const submitCheckIn = (bookingId: string, body: CheckInBody) =>
  api.post<CheckIn>(`/api/check-in/${id(bookingId)}`, body);

/** `GET /api/booking-documents/{id}`: the agreement's versions, the condition report, the receipt. */
export const useBookingDocuments = (bookingId: string, enabled = true) =>
  useQuery({
    queryKey: ['booking-documents', bookingId] as const,
    queryFn: ({ signal }) =>
      api.get<{ results: BookingDocument[] }>(`/api/booking-documents/${id(bookingId)}`, { signal }),
    enabled,
    retry: false,
  });

/** The agreement as it would be signed now, a PDF marked as a draft, in `language`. */
export const agreementDraftUrl = (bookingId: string, language: string) =>
  `/api/agreement-draft/${id(bookingId)}?language=${language}`;
