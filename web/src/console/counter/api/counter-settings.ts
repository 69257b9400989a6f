import type { CounterSettings, UpdateCounterSettingsBody } from '@roam/contract/counter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A supplier's counter settings (docs/api.md "The counter"): the checklist, the agreement's terms, the early check-out
// window, the no-show rule and the charge rules. Money in EUR minor units, as a car's prices.

export const counterSettingsQuery = (supplierId: string) =>
  queryOptions({
    queryKey: ['counter-settings', supplierId] as const,
    queryFn: ({ signal }) =>
      api.get<CounterSettings>(`/api/counter-settings/${encodeURIComponent(supplierId)}`, { signal }),
    enabled: supplierId !== '',
    retry: false,
  });

/** `GET /api/counter-settings/{supplierId}`: its settings, or the defaults where it set none. */
export const useCounterSettings = (supplierId: string) => useQuery(counterSettingsQuery(supplierId));

/** `PUT /api/update-counter-settings`: the fields sent are replaced whole; answers the settings. */
export const updateCounterSettings = (body: UpdateCounterSettingsBody) =>
  api.put<CounterSettings>('/api/update-counter-settings', body);
