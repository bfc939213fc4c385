import type { StockHistory } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /products/{id}/stock-history?page (admin and staff): a part's stock movements, newest first; `more` says an older page follows. */
export const getStockHistory = ({ productId, page, signal }: { productId: string; page: number; signal?: AbortSignal }) =>
  api.get<StockHistory>(`/products/${encodeURIComponent(productId)}/stock-history?page=${page}`, { signal });

export const getStockHistoryQueryOptions = (productId: string, page: number) =>
  queryOptions({ queryKey: queryKeys.products.stockHistory(productId, page), queryFn: ({ signal }) => getStockHistory({ productId, page, signal }) });

/** The previous page stays on screen while the next one loads. */
export const useStockHistory = (productId: string, page: number) =>
  useQuery({ ...getStockHistoryQueryOptions(productId, page), placeholderData: keepPreviousData });
