import type { SearchCarsBody, SearchCarsResponse } from '@roam/contract/cars';
import type { OperatorCheckoutBody, OperatorCheckoutResult } from '@roam/contract/operator-checkout';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// Walk-in and phone bookings (issue #24 item 5). The free cars come from the customer search call, asked here
// rather than through the search feature's module: sharing that module would move it into a chunk of its own, and
// change what /search downloads (ARCHITECTURE §7: the console adds 0 bytes to customer routes).

/** `POST /api/search-cars/1/{size}`: the cars free over the period at the place, at the price the rules give. */
export const freeCarsQuery = (body: SearchCarsBody, size: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['operator-free-cars', body, size] as const,
    queryFn: ({ signal }) => api.post<SearchCarsResponse>(`/api/search-cars/1/${size}`, body, { signal }),
    enabled,
  });

/** `POST /api/operator-checkout`: a walk-in or phone booking. */
export const operatorCheckout = (body: OperatorCheckoutBody) =>
  api.post<OperatorCheckoutResult>('/api/operator-checkout', body);
