import type { FeeRules } from '@roam/contract/rental-fees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// A business's fees by rule (docs/api.md "Fees by rule"). Money in EUR minor units, as a car's prices.

export type FeeRulesBody = FeeRules & { supplierId: string };

export const feeRulesQuery = (supplierId: string) =>
  queryOptions({
    queryKey: ['fee-rules', supplierId] as const,
    queryFn: ({ signal }) => api.get<FeeRules>(`/api/supplier-fee-rules/${encodeURIComponent(supplierId)}`, { signal }),
    enabled: supplierId !== '',
    retry: false,
  });

/** `GET /api/supplier-fee-rules/{supplierId}`: its rules, or none. */
export const useFeeRules = (supplierId: string) => useQuery(feeRulesQuery(supplierId));

/** `PUT /api/update-supplier-fee-rules`: replaces them all; answers the rules. */
export const updateFeeRules = (body: FeeRulesBody) => api.put<FeeRules>('/api/update-supplier-fee-rules', body);
