import type { Product } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bikeSearchParams } from '@/stores/garage';
import { type BikeQuery, queryKeys } from '@/lib/query-keys';

export interface ProductPage {
  /** Zero-based. */
  page: number;
  size: number;
  /** A rider's bike: the parts that fit it (or, with `show`, every part or those without fitment data), each with its verdict. */
  bike?: BikeQuery;
}

/** GET /products?page&size[&vehicle&year&show]: one page of the catalogue in its own order. */
export const getProducts = ({ page, size, bike = null, signal }: ProductPage & { signal?: AbortSignal }) =>
  api.get<Product[]>(`/products?${new URLSearchParams({ page: String(page), size: String(size), ...bikeSearchParams(bike) })}`, { signal });

export const getProductsQueryOptions = ({ page, size, bike = null }: ProductPage) =>
  queryOptions({
    queryKey: queryKeys.products.page({ page, size, bike }),
    queryFn: ({ signal }) => getProducts({ page, size, bike, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the grid or table does not jump. */
export const useProducts = (page: ProductPage) => useQuery({ ...getProductsQueryOptions(page), placeholderData: keepPreviousData });
