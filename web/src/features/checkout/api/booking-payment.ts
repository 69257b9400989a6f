import type { DemoPaymentBody, PaymentOutcome, PaymentResult, PendingPayment } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/languages';
import { toMajor } from '@roam/contract/money';
import { api } from '#web/lib/api-client';

// The payment step of a booking awaiting its online payment, and the payment result with
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

/** The demo gateway's card (test mode) pays the booking. */
export const payByDemoCard = (bookingId: string, card: DemoPaymentBody) =>
  api.post<PaymentResult>(`/api/demo-payment/${encodeURIComponent(bookingId)}`, card);

/** The wallet's order of what is due now (spec §7 create-paypal-order), in the booking's currency: its id. */
export const createWalletOrder = ({ bookingId, summary }: PendingPayment) =>
  api
    .post<{ orderId: string }>('/api/create-paypal-order/', {
      bookingId,
      amount: toMajor(summary.amounts.payNow, summary.amounts.currency),
      currency: summary.amounts.currency,
      name: summary.car.name.slice(0, 200),
      description: `${summary.car.name} — ${summary.supplier.name} — ${summary.reference}`.slice(0, 1000),
    })
    .then(({ orderId }) => orderId);

/** The approved wallet order checked and captured (spec §7 check-paypal-order). */
export const checkWalletOrder = (bookingId: string, orderId: string) =>
  api.post<PaymentResult>(`/api/check-paypal-order/${encodeURIComponent(bookingId)}/${encodeURIComponent(orderId)}`);
