import type { SearchCarsBody, SearchCarsResponse } from '@roam/contract/cars';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
