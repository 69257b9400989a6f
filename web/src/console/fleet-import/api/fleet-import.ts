import type { ImportMapping, ImportReport } from '@roam/contract/fleet-import';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// Fleet import and export (issue #26, server/src/features/fleet-import): the server checks every row with the car
// editor's rules; nothing is written until every row is valid.

export interface ImportRequest {
  file: File;
  /** Absent: the server maps the headers named as a column. */
  mapping?: ImportMapping;
  /** The admin's choice of supplier. */
  supplierId?: string;
}

const form = ({ file, mapping, supplierId }: ImportRequest) => {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (supplierId) body.append('supplierId', supplierId);
  body.append('file', file);
  return body;
};

/** `POST /api/import-cars/preview`: the row-by-row report, nothing written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (request: ImportRequest) => api.post<ImportReport>('/api/import-cars/preview', form(request)),
    onError: () => {},
  });
}

/** `POST /api/import-cars`: every row written, or none (400 with the rows' errors). */
export function useImportCars() {
  return useMutation({
    mutationFn: (request: ImportRequest) => api.post<ImportReport>('/api/import-cars', form(request)),
    onError: () => {},
  });
}

/** `GET /api/export-cars`: the fleet as the CSV the import reads (the admin names the supplier). */
export const exportCarsHref = (supplierId?: string) =>
  supplierId ? `/api/export-cars?supplierId=${encodeURIComponent(supplierId)}` : '/api/export-cars';

/** `GET /api/export-bookings`: the bookings picked up from `from` to `to` (excluded). */
export const exportBookingsHref = (from: string, to: string, supplierId?: string) =>
  `/api/export-bookings?from=${from}&to=${to}${supplierId ? `&supplierId=${encodeURIComponent(supplierId)}` : ''}`;
