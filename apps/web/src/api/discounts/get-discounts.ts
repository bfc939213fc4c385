import type { Discount } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /discounts (admin): every discount code, by code. */
export const getDiscounts = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Discount[]>('/discounts', { signal });

export const getDiscountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.discounts,
    queryFn: ({ signal }) => getDiscounts({ signal }),
  });

export const useDiscounts = () => useQuery(getDiscountsQueryOptions());
