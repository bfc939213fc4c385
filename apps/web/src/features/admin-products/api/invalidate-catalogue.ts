import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys';

/** The storefront's product count ('productCount'), which the catalogue pages and pagers read. */
export const PRODUCT_COUNT_QUERY_KEY = ['productCount'] as const;

/**
 * After a product write every view of the catalogue is out of date: the storefront's pages, this
 * feature's tables, one product (purchase and update pages) and the count. Matched by key prefix.
 */
export const invalidateCatalogue = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [queryRoots.products] }),
    queryClient.invalidateQueries({ queryKey: PRODUCT_COUNT_QUERY_KEY }),
  ]);
