import type { Product, ProductFilter, ProductSort } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AdminProductPage {
  /** Zero-based. */
  page: number;
  size: number;
  sort?: ProductSort | undefined;
  filter?: ProductFilter | undefined;
}

/** GET /products?page&size&sort&filter (admin): one page of Manage Products, sorted by name, price or stock, or only the low or waiting parts. */
export const getAdminProducts = ({ page, size, sort, filter, signal }: AdminProductPage & { signal?: AbortSignal }) =>
  api.get<Product[]>(
    `/products?${new URLSearchParams({ page: String(page), size: String(size), ...(sort ? { sort } : {}), ...(filter ? { filter } : {}) })}`,
    { signal },
  );

export const getAdminProductsQueryOptions = (listing: AdminProductPage) =>
  queryOptions({
    queryKey: queryKeys.products.admin(listing),
    queryFn: ({ signal }) => getAdminProducts({ ...listing, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export const useAdminProducts = (listing: AdminProductPage) => useQuery({ ...getAdminProductsQueryOptions(listing), placeholderData: keepPreviousData });
