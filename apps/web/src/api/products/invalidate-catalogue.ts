import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a product write every view of the catalogue is out of date: the storefront's pages, the
 * admin's table, one product (purchase and update pages), the count and the categories' counts.
 * Matched by key prefix.
 */
export const invalidateCatalogue = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products.count }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
  ]);
