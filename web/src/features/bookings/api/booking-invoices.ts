import type { BookingInvoice } from '@roam/contract/invoices';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A booking's invoices and credit notes (docs/decisions/0011-invoices.md): the list is a query, each PDF a plain
// download the browser fetches with the session cookie or the manage link's grant.

const id = (value: string) => encodeURIComponent(value);

/** `GET /api/booking-invoices/{id}`, oldest first. */
export const useBookingInvoices = (bookingId: string) =>
  useQuery({
    queryKey: ['booking-invoices', bookingId] as const,
    queryFn: ({ signal }) => api.get<BookingInvoice[]>(`/api/booking-invoices/${id(bookingId)}`, { signal }),
    retry: false,
  });

export const bookingInvoiceUrl = (bookingId: string, invoiceId: string) =>
  `/api/booking-invoice/${id(bookingId)}/${id(invoiceId)}`;
