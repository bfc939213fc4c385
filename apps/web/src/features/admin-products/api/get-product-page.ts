import type { Product } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of Manage Products: a screenful, and a catalogue of thousands stays quick. */
export const MANAGE_PAGE_SIZE = 20;

/** GET /products?page&size: one page of the catalogue in its own order; page is zero-based. */
export const getProductPage = ({ page, size, signal }: { page: number; size: number; signal?: AbortSignal }) =>
  api.get<Product[]>(`/products?${new URLSearchParams({ page: String(page), size: String(size) })}`, { signal });

// The same key shape as the storefront's pages: equal keys hold equal answers.
export const getProductPageQueryOptions = (page: number, size: number = MANAGE_PAGE_SIZE) =>
  queryOptions({
    queryKey: [queryRoots.products, { page, size }],
    queryFn: ({ signal }) => getProductPage({ page, size, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export const useProductPage = (page: number, size: number = MANAGE_PAGE_SIZE) =>
  useQuery({ ...getProductPageQueryOptions(page, size), placeholderData: keepPreviousData });
