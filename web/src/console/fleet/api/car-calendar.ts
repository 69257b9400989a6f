import type { CarBlock, CarCalendar, CreateCarBlockBody, UpdateCarBlockBody } from '@roam/contract/car-blocks';
import type { Language } from '@roam/contract/languages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A car's calendar and blocked periods (server/src/features/car-blocks/car-blocks.routes.ts).

/** `GET /api/car-calendar/{id}?from=&to=`: the bookings and blocks over [from, to), and the car's time zone. */
export function useCarCalendar(carId: string, range: { from: string; to: string }, language: Language) {
  const query = new URLSearchParams({ ...range, language });
  return useQuery({
    queryKey: ['car-calendar', carId, range.from, range.to, language] as const,
    queryFn: ({ signal }) =>
      api.get<CarCalendar>(`/api/car-calendar/${encodeURIComponent(carId)}?${query}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Create, change and remove a car's blocked periods; the calendar, the list (search) and the history follow. */
export function useCarBlocks(carId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all(
      ['car-calendar', 'car-audit', 'operator-cars'].map((key) =>
        queryClient.invalidateQueries({ queryKey: key === 'operator-cars' ? [key] : [key, carId] }),
      ),
    );
  // Each form shows its refusal at its fields.
  const onError = () => {};
  return {
    create: useMutation({
      mutationFn: (body: CreateCarBlockBody) => api.post<CarBlock>('/api/create-car-block', body),
      onSuccess,
      onError,
    }),
    update: useMutation({
      mutationFn: (body: UpdateCarBlockBody) => api.put<CarBlock>('/api/update-car-block', body),
      onSuccess,
      onError,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ _id: string }>(`/api/delete-car-block/${encodeURIComponent(id)}`),
      onSuccess,
      onError,
    }),
  };
}
