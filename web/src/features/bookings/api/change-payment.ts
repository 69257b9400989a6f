import type { AmendmentPayment } from '@roam/contract/amendments';
import type { UpdateBookingBody } from '@roam/contract/bookings';
import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// Paying a dearer change of a booking paid online (item 2;
// server/src/features/amendments/amendment-payments.service.ts): the change waits as an amendment until its difference
// is paid through the booking's own gateway.

const path = (bookingId: string, amendmentId: string) =>
  `${encodeURIComponent(bookingId)}/${encodeURIComponent(amendmentId)}`;

/** Confirms the quoted change: the amendment and how to pay its difference. */
export function useAmendmentPayment() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBookingBody }) =>
      api.post<AmendmentPayment>(`/api/amendment-payment/${encodeURIComponent(id)}`, body),
    // The editor says what went wrong (its form message), not the generic handler.
    onError: () => {},
  });
}

/**
 * Opens the payment of what an operator's change made due on a booking paid online in full: paid
 * as a change's difference is, through the booking's own gateway.
 */
export function useDuePayment() {
  return useMutation({
    mutationFn: (id: string) => api.post<AmendmentPayment>(`/api/balance-payment/${encodeURIComponent(id)}`),
  });
}

/** The demo gateway's card (test mode) pays the difference. */
export const payChangeByDemoCard = (bookingId: string, amendmentId: string, card: DemoPaymentBody) =>
  api.post<PaymentResult>(`/api/pay-amendment/${path(bookingId, amendmentId)}`, card);

/** The wallet's order of the difference: its id. */
export const createChangeWalletOrder = (bookingId: string, amendmentId: string) =>
  api
    .post<{ orderId: string }>(`/api/amendment-paypal-order/${path(bookingId, amendmentId)}`)
    .then(({ orderId }) => orderId);

/** The approved wallet order of the difference checked and captured: the change is made. */
export const checkChangeWalletOrder = (bookingId: string, amendmentId: string, orderId: string) =>
  api.post<PaymentResult>(
    `/api/check-amendment-paypal-order/${path(bookingId, amendmentId)}/${encodeURIComponent(orderId)}`,
  );
