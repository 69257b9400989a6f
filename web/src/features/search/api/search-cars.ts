import type { SearchCarsBody, SearchCarsResponse } from '@roam/contract/cars';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

/** `POST /api/search-cars/{page}/{size}`. */
export function searchCars(body: SearchCarsBody, page: number, size: number, signal?: AbortSignal) {
  return api.post<SearchCarsResponse>(`/api/search-cars/${page}/${size}`, body, { signal });
}

export const searchCarsQueryOptions = (body: SearchCarsBody, page: number, size: number) =>
  queryOptions({
    queryKey: ['search-cars', body, page, size] as const,
    queryFn: ({ signal }) => searchCars(body, page, size, signal),
    // The previous page stays on screen while the next one loads (no jump to an empty list).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The same search, page after page, for infinite scroll. */
export const searchCarsInfiniteQueryOptions = (body: SearchCarsBody, size: number) =>
  infiniteQueryOptions({
    queryKey: ['search-cars-infinite', body, size] as const,
    queryFn: ({ signal, pageParam }) => searchCars(body, pageParam, size, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * size < last.totalCount ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
