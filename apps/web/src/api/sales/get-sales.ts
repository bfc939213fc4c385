import type { SalesBestSellers, SalesLowStock, SalesQuery, SalesRevenue, SalesStatuses } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /sales/{call}?from&to (admin): one section of the sales page for a range of UTC days. */
const useSales = <T>(call: string, range: SalesQuery) =>
  useQuery({
    queryKey: queryKeys.orders.sales(call, range),
    queryFn: ({ signal }) => api.get<T>(`/sales/${call}?${new URLSearchParams(range)}`, { signal }),
  });

/** What each day took, gave back and kept, and the totals. */
export const useSalesRevenue = (range: SalesQuery) => useSales<SalesRevenue>('revenue', range);
/** The orders placed in the range by their status now. */
export const useSalesStatuses = (range: SalesQuery) => useSales<SalesStatuses>('statuses', range);
/** The ten parts that sold the most pieces. */
export const useBestSellers = (range: SalesQuery) => useSales<SalesBestSellers>('best-sellers', range);
/** Parts that cannot be ordered or will soon run out at the range's rate. */
export const useLowStock = (range: SalesQuery) => useSales<SalesLowStock>('low-stock', range);
