import type { Category } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /categories: every category by name, with how many parts it holds. */
export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Category[]>('/categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => getCategories({ signal }),
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
