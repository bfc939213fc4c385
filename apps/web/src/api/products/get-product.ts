import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /products/{id}: one part of the catalogue, with its current stock. */
export const getProduct = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal });

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getProduct({ id, signal }),
  });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
