import type { PaymentOutcome, PendingPayment } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/enums';
import { api } from '../../../lib/api-client';

// The payment step of a booking awaiting its online payment (issue #22 items 3, 5, 11), and the payment result with
// the booking's summary (item 10): server/src/features/payments/payments.routes.ts.

/**
 * The payment step's query, asked on every arrival (after Book, a reload, a "pay now"); checkout's own answer, when
 * the step comes straight from it, shows meanwhile.
 */
export const pendingPaymentQuery = (bookingId: string, language: Language, answer: PendingPayment | undefined) => ({
  queryKey: ['booking-payment', bookingId, language] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<PendingPayment>(`/api/booking-payment/${encodeURIComponent(bookingId)}?language=${language}`, { signal }),
  retry: false,
  ...(answer?.bookingId === bookingId ? { initialData: answer, initialDataUpdatedAt: 0 } : {}),
});

export const paymentOutcome = (sessionId: string, language: Language, signal: AbortSignal) =>
  api.get<PaymentOutcome>(`/api/checkout-session/${encodeURIComponent(sessionId)}?language=${language}`, { signal });
