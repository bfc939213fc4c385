import { PAGE_SIZE, type Product } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One page of the catalogue; page is zero-based. */
export const getProducts = ({ page, signal }: { page: number; signal?: AbortSignal }) =>
  api.get<Product[]>(`/products?${new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) })}`, { signal });

export const getProductsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['products', { page, size: PAGE_SIZE }],
    queryFn: ({ signal }) => getProducts({ page, signal }),
  });

/** Keeps the previous page on screen while the next one loads, so the grid does not jump. */
export const useProducts = (page: number) =>
  useQuery({ ...getProductsQueryOptions(page), placeholderData: keepPreviousData });
