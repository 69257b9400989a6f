import type { CreatePromoCodeBody, PromoCode, UpdatePromoCodeBody } from '@roam/contract/promo-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';

// The promo codes' calls (docs/api.md "Promo codes"; server features/promo-codes): `business.write`; a business's
// member sees its own codes, the admin every code or one business's. Amounts in EUR minor units.

export const promoCodesQuery = (supplierId: string) =>
  queryOptions({
    queryKey: ['promo-codes', supplierId] as const,
    queryFn: ({ signal }) =>
      api.get<PromoCode[]>(
        supplierId ? `/api/promo-codes?supplierId=${encodeURIComponent(supplierId)}` : '/api/promo-codes',
        { signal },
      ),
    retry: false,
  });

/** `GET /api/promo-codes`: the codes with the uses their bookings hold now. */
export const usePromoCodes = (supplierId: string) => useQuery(promoCodesQuery(supplierId));

export const createPromoCode = (body: CreatePromoCodeBody) => api.post<PromoCode>('/api/create-promo-code', body);
export const updatePromoCode = (body: UpdatePromoCodeBody) => api.put<PromoCode>('/api/update-promo-code', body);
export const deletePromoCode = (id: string) =>
  api.delete<{ _id: string; deleted: true }>(`/api/delete-promo-code/${encodeURIComponent(id)}`);
