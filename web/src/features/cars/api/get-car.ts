import type { CarDetails } from '@roam/contract/cars';
import type { Language } from '@roam/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '#web/i18n';
import { api } from '#web/lib/api-client';

/** `GET /api/car/{id}`: one car with its supplier terms and locations (checkout uses it). */
export function getCar(id: string, language: Language, signal?: AbortSignal): Promise<CarDetails> {
  return api.get<CarDetails>(`/api/car/${encodeURIComponent(id)}?language=${language}`, { signal });
}

export const carQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: ['car', id, language] as const,
    queryFn: ({ signal }) => getCar(id, language, signal),
  });

export function useCar(id: string | null) {
  const language = useLanguage();
  return useQuery({ ...carQueryOptions(id ?? '', language), enabled: Boolean(id) });
}
