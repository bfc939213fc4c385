import type { ProductCount, ProductFilter } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /productCount?filter (admin): how many parts Manage Products' filter keeps, for its pager. */
export const getAdminProductCount = ({ filter, signal }: { filter: ProductFilter; signal?: AbortSignal }) =>
  api.get<ProductCount>(`/productCount?${new URLSearchParams({ filter })}`, { signal });

export const getAdminProductCountQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    queryKey: queryKeys.products.adminCount(filter),
    queryFn: ({ signal }) => getAdminProductCount({ filter, signal }),
  });

export const useAdminProductCount = (filter: ProductFilter | undefined) =>
  useQuery({ ...getAdminProductCountQueryOptions(filter ?? 'low'), enabled: filter !== undefined });
