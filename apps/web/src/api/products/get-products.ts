import type { Product } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ProductPage {
  /** Zero-based. */
  page: number;
  size: number;
}

/** GET /products?page&size: one page of the catalogue in its own order. */
export const getProducts = ({ page, size, signal }: ProductPage & { signal?: AbortSignal }) =>
  api.get<Product[]>(`/products?${new URLSearchParams({ page: String(page), size: String(size) })}`, { signal });

export const getProductsQueryOptions = ({ page, size }: ProductPage) =>
  queryOptions({
    queryKey: queryKeys.products.page({ page, size }),
    queryFn: ({ signal }) => getProducts({ page, size, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the grid or table does not jump. */
export const useProducts = (page: ProductPage) => useQuery({ ...getProductsQueryOptions(page), placeholderData: keepPreviousData });
