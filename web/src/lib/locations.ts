import type { Language } from '@roam/contract/languages';
import type { CountryWithLocations, Location } from '@roam/contract/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '#web/i18n';
import { api } from './api-client';

// Locations change only when an operator edits them: cached for the session.
const STALE = 10 * 60_000;

/** `GET /api/locations?language=`: every location, child locations included, named in `language`. */
export const locationsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['locations', language] as const,
    queryFn: ({ signal }) => api.get<Location[]>(`/api/locations?language=${language}`, { signal }),
    staleTime: STALE,
  });

export function useLocations() {
  return useQuery(locationsQueryOptions(useLanguage()));
}

export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['countries-with-locations', language] as const,
    queryFn: ({ signal }) =>
      api.get<CountryWithLocations[]>(`/api/countries-with-locations?language=${language}`, { signal }),
    staleTime: STALE,
  });

/** Destinations by country. */
export function useCountriesWithLocations() {
  return useQuery(countriesQueryOptions(useLanguage()));
}
