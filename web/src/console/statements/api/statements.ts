import type { CsvSeparator } from '@roam/contract/fleet-import';
import type { Language } from '@roam/contract/languages';
import type { Statement } from '@roam/contract/statements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The monthly statement's calls (server/src/features/statements/statements.routes.ts).

const search = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));

/**
 * `GET /api/statement?month=&supplierId=&size=0`: the month's totals (the admin: all suppliers when none); the screen
 * shows no rows (the CSV carries them), so it asks for none. The server keeps the totals a minute and says when they
 * were summed (`asOf`).
 */
export function useStatement(month: string, supplierId: string | undefined) {
  return useQuery({
    queryKey: ['statement', month, supplierId ?? null] as const,
    queryFn: ({ signal }) =>
      api.get<Statement>(`/api/statement?${search({ month, supplierId, size: '0' })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The totals summed now (the operator's Refresh), in place of the minute's kept ones. */
export function useRefreshStatement(month: string, supplierId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<Statement>(`/api/statement?${search({ month, supplierId, size: '0', fresh: 'true' })}`),
    onSuccess: (answer) => queryClient.setQueryData(['statement', month, supplierId ?? null], answer),
  });
}

/** `GET /api/statement-export`: the CSV in the reader's separator and words, or the PDF in their language. */
export const statementExportHref = (
  month: string,
  format: 'csv' | 'pdf',
  options: { supplierId: string | undefined; separator: CsvSeparator; language: Language },
) =>
  `/api/statement-export?${search({
    month,
    format,
    supplierId: options.supplierId,
    separator: format === 'csv' ? options.separator : undefined,
    language: options.language,
  })}`;
