import type { Rates } from '@roam/contract/currencies';
import { RATES_SNAPSHOT } from '@roam/contract/rates-snapshot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /api/currency-rates`: units of each currency per 1 EUR (docs/architecture.md §5 "Money"). */
export function getCurrencyRates(signal?: AbortSignal): Promise<Rates> {
  return api.get<Rates>('/api/currency-rates', { signal });
}

export const currencyRatesQueryOptions = queryOptions({
  queryKey: ['currency-rates'] as const,
  queryFn: ({ signal }) => getCurrencyRates(signal),
  // The server caches for RATE_CACHE_SECONDS (1 h by default): asking more often gains nothing.
  staleTime: 60 * 60 * 1000,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/**
 * The current rates; the bundled snapshot while they load and when the call fails, so an amount is never missing.
 * Not fetched at all while the display currency is the base one (`enabled: false`): EUR needs no rate.
 */
export function useCurrencyRates(enabled = true): Rates {
  const { data } = useQuery({ ...currencyRatesQueryOptions, enabled });
  return data ?? RATES_SNAPSHOT;
}
