import type { CatalogueExtra, CatalogueExtraFields } from '@roam/contract/catalogue-extras';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The business's own extras (docs/api.md "Catalogue extras"; server features/catalogue-extras): read with
// `fleet.read`, changed with `prices.write`; the admin reads every business's or one, and names the business of a
// new one. Prices in EUR minor units, before the supplier's percentage, as a car's.

export const catalogueExtrasQuery = (supplierId: string) =>
  queryOptions({
    queryKey: ['catalogue-extras', supplierId] as const,
    queryFn: ({ signal }) =>
      api.get<CatalogueExtra[]>(
        supplierId ? `/api/catalogue-extras?supplierId=${encodeURIComponent(supplierId)}` : '/api/catalogue-extras',
        { signal },
      ),
    retry: false,
  });

/** `GET /api/catalogue-extras`. */
export const useCatalogueExtras = (supplierId: string) => useQuery(catalogueExtrasQuery(supplierId));

export const createCatalogueExtra = (body: CatalogueExtraFields & { supplierId?: string }) =>
  api.post<CatalogueExtra>('/api/create-catalogue-extra', body);
export const updateCatalogueExtra = (id: string, body: CatalogueExtraFields) =>
  api.put<CatalogueExtra>(`/api/update-catalogue-extra/${encodeURIComponent(id)}`, body);
export const deleteCatalogueExtra = (id: string) =>
  api.delete<unknown>(`/api/delete-catalogue-extra/${encodeURIComponent(id)}`);
