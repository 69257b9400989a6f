import type {
  CreateCountryBody,
  CreateLocationBody,
  EditableCountry,
  EditableLocation,
  LocationMapping as PlaceMapping,
  Places,
  LocationsImportReport as PlacesImportReport,
  UpdateCountryBody,
  UpdateLocationBody,
} from '@roam/contract/locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The admin's places calls. A change refreshes the admin's list and the customer's location
// queries of this browser (lib/locations.ts caches them): search, the map and the autocomplete show it at once.

export function usePlaces() {
  return useQuery({
    queryKey: ['admin-places'] as const,
    queryFn: ({ signal }) => api.get<Places>('/api/admin-locations', { signal }),
  });
}

function useRefreshPlaces() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => ['admin-places', 'locations', 'countries-with-locations'].includes(String(q.queryKey[0])),
    });
}

export function useSaveLocation() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: (body: CreateLocationBody | UpdateLocationBody) =>
      '_id' in body
        ? api.put<EditableLocation>('/api/update-location', body)
        : api.post<EditableLocation>('/api/create-location', body),
    onSuccess: refresh,
  });
}

export function useSaveCountry() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: (body: CreateCountryBody | UpdateCountryBody) =>
      '_id' in body
        ? api.put<EditableCountry>('/api/update-country', body)
        : api.post<EditableCountry>('/api/create-country', body),
    onSuccess: refresh,
  });
}

export function useDeletePlace() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'location' | 'country'; id: string }) =>
      api.delete<{ _id: string }>(`/api/delete-${kind}/${id}`),
    onSuccess: refresh,
  });
}

/** A places CSV and the mapping of its columns (absent: the server maps the headers named as a column). */
export interface PlacesImportRequest {
  file: File;
  mapping?: PlaceMapping;
}

const importForm = ({ file, mapping }: PlacesImportRequest) => {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  return body;
};

/** `POST /api/import-locations/preview`: the row-by-row report, nothing written. */
export function usePreviewPlacesImport() {
  return useMutation({
    mutationFn: (request: PlacesImportRequest) =>
      api.post<PlacesImportReport>('/api/import-locations/preview', importForm(request)),
    onError: () => {},
  });
}

/** `POST /api/import-locations`: every row written, or none. */
export function useImportPlaces() {
  const refresh = useRefreshPlaces();
  return useMutation({
    mutationFn: (request: PlacesImportRequest) =>
      api.post<PlacesImportReport>('/api/import-locations', importForm(request)),
    onSuccess: refresh,
    onError: () => {},
  });
}
