import type { ProductCount } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getProductCount = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ProductCount>('/productCount', { signal });

export const getProductCountQueryOptions = () =>
  queryOptions({
    queryKey: ['productCount'],
    queryFn: ({ signal }) => getProductCount({ signal }),
  });

export const useProductCount = () => useQuery(getProductCountQueryOptions());
