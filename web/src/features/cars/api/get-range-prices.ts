import type { RangePrice } from '@roam/contract/cars';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

export const rangePricesQueryOptions = queryOptions({
  queryKey: ['range-prices'] as const,
  queryFn: ({ signal }) => api.get<RangePrice[]>('/api/range-prices', { signal }),
  staleTime: 5 * 60_000,
});

/** Each range's lowest bookable daily price (EUR minor units). */
export function useRangePrices() {
  return useQuery(rangePricesQueryOptions);
}
