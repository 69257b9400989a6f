import type { CarChargeRules, UpdateCarChargeRulesBody } from '@roam/contract/counter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A car's counter readings and its own charge rules (docs/api.md "The counter"): its tank, its odometer and last
// service reading, and the supplier's rules it overrides (null: the supplier's). Money in EUR minor units.

export const carChargeRulesQuery = (carId: string) =>
  queryOptions({
    queryKey: ['car-charge-rules', carId] as const,
    queryFn: ({ signal }) => api.get<CarChargeRules>(`/api/car-charge-rules/${encodeURIComponent(carId)}`, { signal }),
    retry: false,
  });

/** `GET /api/car-charge-rules/{carId}`. */
export const useCarChargeRules = (carId: string) => useQuery(carChargeRulesQuery(carId));

/** `PUT /api/update-car-charge-rules`: the fields sent change (`overrides` key by key); answers the car's rules. */
export const updateCarChargeRules = (body: UpdateCarChargeRulesBody) =>
  api.put<CarChargeRules>('/api/update-car-charge-rules', body);
