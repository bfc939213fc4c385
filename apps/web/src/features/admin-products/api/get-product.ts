import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /products/{id}: the product as it is now, to prefill its update form. */
export const getProduct = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal });

// The same key as the purchase page's: both hold the one product's answer.
export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [queryRoots.products, 'detail', id],
    queryFn: ({ signal }) => getProduct({ id, signal }),
  });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
