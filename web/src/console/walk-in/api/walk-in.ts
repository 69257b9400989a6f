import type { SearchCarsBody } from '@roam/contract/cars';
import type {
  WalkInBody as OperatorCheckoutBody,
  WalkInResult as OperatorCheckoutResult,
} from '@roam/contract/walk-in';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { searchCars } from '#web/features/search/api/search-cars';

// Walk-in and phone bookings. The free cars come from the customer search call.

/** `POST /api/search-cars/1/{size}`: the cars free over the period at the place, at the price the rules give. */
export const freeCarsQuery = (body: SearchCarsBody, size: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['operator-free-cars', body, size] as const,
    queryFn: ({ signal }) => searchCars(body, 1, size, signal),
    enabled,
  });

/** `POST /api/walk-in`: a walk-in or phone booking. */
export const operatorCheckout = (body: OperatorCheckoutBody) => api.post<OperatorCheckoutResult>('/api/walk-in', body);
