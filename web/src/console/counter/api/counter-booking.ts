import type {
  AddChargeBody,
  CheckOutBody,
  CounterBooking,
  CounterDepositBody,
  CounterPaymentBody,
  CounterRefundBody,
  ReturnBody,
  ReturnQuote,
  ReturnReadingsBody,
  SwapCars,
} from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The counter's calls on one booking (docs/api.md "The counter"; server/src/features/counter/counter.routes.ts). Each
// change answers the booking as the counter sees it again, which replaces the screen's copy: what the screen offers
// next is what the server's `actions` say. Types only from the contract: its schemas load with the forms.

const path = (call: string, id: string, language?: Language) =>
  `/api/${call}/${encodeURIComponent(id)}${language ? `?language=${language}` : ''}`;

export const counterBookingQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: ['counter-booking', id, language] as const,
    queryFn: ({ signal }) => api.get<CounterBooking>(path('counter-booking', id, language), { signal }),
    retry: false,
  });

/** `GET /api/counter-booking/{id}?language=`: the booking, its inspections, damages, charges, documents, actions. */
export const useCounterBooking = (id: string, language: Language) => useQuery(counterBookingQuery(id, language));

/** The booking as a change answered it, in place of the screen's copy; the lists that show it are asked again. */
export function counterBookingChanged(queryClient: QueryClient, booking: CounterBooking, language: Language) {
  queryClient.setQueryData(counterBookingQuery(booking._id, language).queryKey, booking);
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['scheduler'] });
}

/** `GET /api/counter-swap-cars/{id}`: the free cars of the same or a higher range, with a re-price's total. */
export const useSwapCars = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['counter-swap-cars', id] as const,
    queryFn: ({ signal }) => api.get<SwapCars>(path('counter-swap-cars', id), { signal }),
    enabled,
    retry: false,
  });

/** `POST /api/check-out/{id}`: the car handed over; on rent. */
export const checkOut = (id: string, body: CheckOutBody, language: Language) =>
  api.post<CounterBooking>(path('check-out', id, language), body);

/** `POST /api/return-quote/{id}`: the charges the readings give, each with its computation; nothing stored. */
export const quoteReturn = (id: string, body: ReturnReadingsBody) =>
  api.post<ReturnQuote>(path('return-quote', id), body);

/** `POST /api/return/{id}`: the car taken back with the quote's total (409 when the charges moved); returned. */
export const returnCar = (id: string, body: ReturnBody, language: Language) =>
  api.post<CounterBooking>(path('return', id, language), body);

/** `POST /api/add-charge/{id}`: a toll, a fine, a damage found later, up to 90 days after the return. */
export const addCharge = (id: string, body: AddChargeBody, language: Language) =>
  api.post<CounterBooking>(path('add-charge', id, language), body);

/** `POST /api/waive-charge/{chargeId}`: waived with a reason (`charges.waive`). */
export const waiveCharge = (chargeId: string, reason: string, language: Language) =>
  api.post<CounterBooking>(path('waive-charge', chargeId, language), { reason });

/** `POST /api/counter-payment/{id}`: money taken at the desk (offered when the booking's actions say so). */
export const recordCounterPayment = (id: string, body: CounterPaymentBody, language: Language) =>
  api.post<CounterBooking>(path('counter-payment', id, language), body);

/** `POST /api/counter-refund/{id}`: what was paid beyond the balance, refunded online (when the actions say so). */
export const refundExcess = (id: string, language: Language) =>
  api.post<CounterBooking>(path('counter-refund', id, language), {});

/** `POST /api/counter-desk-refund/{id}`: money handed back at the desk, at most the excess paid there. */
export const refundAtDesk = (id: string, body: CounterRefundBody, language: Language) =>
  api.post<CounterBooking>(path('counter-desk-refund', id, language), body);

/** `POST /api/counter-deposit/{id}`: the security deposit taken at the desk, held until the close. */
export const recordDeskDeposit = (id: string, body: CounterDepositBody, language: Language) =>
  api.post<CounterBooking>(path('counter-deposit', id, language), body);

/** `POST /api/send-balance-link/{id}`: the customer e-mailed a link to pay the balance online. */
export const sendBalanceLink = (id: string, language: Language) =>
  api.post<CounterBooking>(path('send-balance-link', id, language), {});

/** `POST /api/close-booking/{id}`: closed once the balance is settled (offered when the actions say so). */
export const closeBooking = (id: string, language: Language) =>
  api.post<CounterBooking>(path('close-booking', id, language), {});

/** `POST /api/no-show/{id}`: the booking, and what the supplier's rule did with its money. */
export const recordNoShow = (id: string, note: string, language: Language) =>
  api.post<{ booking: CounterBooking; rule: 'keep' | 'fee' | 'refund'; refunded: number; fee: number }>(
    path('no-show', id, language),
    { note },
  );

/** `GET /api/agreement-draft/{id}?language=`: the agreement as it would be signed now (a PDF). */
export const agreementDraftUrl = (id: string, language: Language) => path('agreement-draft', id, language);
