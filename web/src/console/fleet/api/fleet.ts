import type {
  CreateCarBody,
  OperatorCar,
  OperatorCarsPage,
  OperatorCarsQuery,
  UpdateCarBody,
} from '@roam/contract/fleet';
import type { Language } from '@roam/contract/languages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The operator's car calls (server/src/features/fleet/fleet.routes.ts): the server checks the role and
// the ownership of every one. Types only from the contract: its schemas load with the forms that validate.

/** `POST /api/cars/{page}/{size}`: a page of the operator's cars. */
export function useOperatorCars(query: OperatorCarsQuery, page: number, size: number) {
  return useQuery({
    queryKey: ['operator-cars', query, page, size] as const,
    queryFn: ({ signal }) => api.post<OperatorCarsPage>(`/api/cars/${page}/${size}`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const operatorCarQueryKey = (id: string, language: Language) => ['operator-car', id, language] as const;

/** `GET /api/car/{id}`: to its operator, every editable field (what `useUpdateCar` sends back). */
export function useOperatorCar(id: string | null, language: Language) {
  return useQuery({
    queryKey: operatorCarQueryKey(id ?? '', language),
    queryFn: ({ signal }) =>
      api.get<OperatorCar>(`/api/car/${encodeURIComponent(id ?? '')}?language=${language}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** After a change: the car as the server answered it, and the lists and the car's history refetched. */
function useCarChanged(language: Language) {
  const queryClient = useQueryClient();
  return (car: OperatorCar) => {
    queryClient.setQueryData(operatorCarQueryKey(car._id, language), car);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['operator-cars'] }),
      queryClient.invalidateQueries({ queryKey: ['car-audit', car._id] }),
    ]);
  };
}

/** `POST /api/create-car`: answers the car with its `_id`. */
export function useCreateCar(language: Language) {
  const changed = useCarChanged(language);
  return useMutation({
    mutationFn: (body: CreateCarBody) => api.post<OperatorCar>(`/api/create-car?language=${language}`, body),
    onSuccess: changed,
    // The form shows the refusal at its fields.
    onError: () => {},
  });
}

/** `PUT /api/update-car`: the object read back with the fields changed (absent: unchanged, null: cleared). */
export function useUpdateCar(language: Language) {
  const changed = useCarChanged(language);
  return useMutation({
    mutationFn: (body: UpdateCarBody) => api.put<OperatorCar>(`/api/update-car?language=${language}`, body),
    onSuccess: changed,
    onError: () => {},
  });
}

/** `DELETE /api/delete-car/{id}`: 409 while a booking holds the car now or later. */
export function useDeleteCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ _id: string }>(`/api/delete-car/${encodeURIComponent(id)}`),
    onSuccess: ({ _id }) => {
      queryClient.removeQueries({ queryKey: ['operator-car', _id] });
      return queryClient.invalidateQueries({ queryKey: ['operator-cars'] });
    },
    onError: () => {},
  });
}

/**
 * A car's photos (server car-photos.routes.ts): `add` several at once (multipart `photos`, checked and re-encoded by
 * the server), `reorder` (every photo once), `remove` one. Each answers the car, which the editor then shows.
 */
export function useCarPhotos(language: Language) {
  const changed = useCarChanged(language);
  const car = (path: string, carId: string) => `/api/${path}/${encodeURIComponent(carId)}?language=${language}`;
  const add = useMutation({
    mutationFn: ({ carId, files }: { carId: string; files: File[] }) => {
      const body = new FormData();
      for (const file of files) body.append('photos', file);
      return api.post<OperatorCar>(car('add-car-photos', carId), body);
    },
    onSuccess: changed,
    onError: () => {},
  });
  const reorder = useMutation({
    mutationFn: ({ carId, photoIds }: { carId: string; photoIds: string[] }) =>
      api.post<OperatorCar>(car('reorder-car-photos', carId), { photoIds }),
    onSuccess: changed,
    onError: () => {},
  });
  const remove = useMutation({
    mutationFn: ({ carId, photoId }: { carId: string; photoId: string }) =>
      api.delete<OperatorCar>(
        `/api/delete-car-photo/${encodeURIComponent(carId)}/${encodeURIComponent(photoId)}?language=${language}`,
      ),
    onSuccess: changed,
    onError: () => {},
  });
  return { add, reorder, remove };
}
