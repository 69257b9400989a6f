import type { CsvSeparator, ImportMapping, ImportReport } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// Fleet import and export (server/src/features/fleet-import): the server checks every row with the car
// editor's rules; nothing is written until every row is valid.

export interface ImportRequest {
  file: File;
  /** Absent: the server maps the headers named as a column. */
  mapping?: ImportMapping;
  /** The admin's choice of supplier. */
  supplierId?: string;
  /** The reader's: the server matches the file's headers to the editor's labels in it first. */
  language?: Language;
}

const form = ({ file, mapping, supplierId, language }: ImportRequest) => {
  const body = new FormData();
  if (language) body.append('language', language);
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

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** `GET /api/export-cars`: the fleet as the CSV the import reads (the admin names the supplier). */
export const exportCarsHref = (supplierId?: string, separator: CsvSeparator = 'comma') =>
  `/api/export-cars${query({ supplierId, separator: separator === 'comma' ? undefined : separator })}`;

/** `GET /api/export-bookings`: the bookings picked up from `from` to `to` (excluded), in the reader's words. */
export const exportBookingsHref = (
  from: string,
  to: string,
  options: { supplierId?: string | undefined; separator: CsvSeparator; language: Language },
) =>
  `/api/export-bookings${query({ from, to, supplierId: options.supplierId, separator: options.separator, language: options.language })}`;
