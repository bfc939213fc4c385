import type { ProductCount } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /productCount: how many products the catalogue has, for the pagers. */
export const getProductCount = ({ signal }: { signal?: AbortSignal } = {}) => api.get<ProductCount>('/productCount', { signal });

export const getProductCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.count,
    queryFn: ({ signal }) => getProductCount({ signal }),
  });

export const useProductCount = () => useQuery(getProductCountQueryOptions());
