import type { ProductCount } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRODUCT_COUNT_QUERY_KEY } from './invalidate-catalogue';

/** GET /productCount: how many products the catalogue has, for the pager. */
export const getProductCount = ({ signal }: { signal?: AbortSignal } = {}) => api.get<ProductCount>('/productCount', { signal });

export const getProductCountQueryOptions = () =>
  queryOptions({
    queryKey: PRODUCT_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => getProductCount({ signal }),
  });

export const useProductCount = () => useQuery(getProductCountQueryOptions());
