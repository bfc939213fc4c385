import type { ReturnsPage, ReturnStatus } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which returns the Returns page shows: one status or all, a search, and a zero-based page. */
export interface ReturnsFilter {
  status: ReturnStatus | undefined;
  q: string;
  page: number;
}

/** GET /returns?status&q&page (admin): a page of returns, newest first, of one status and those the search finds (order number, part, customer). */
export const getReturns = ({ signal, status, q, page }: ReturnsFilter & { signal?: AbortSignal }) =>
  api.get<ReturnsPage>(`/returns?${new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}), page: String(page) })}`, { signal });

export const getReturnsQueryOptions = (filter: ReturnsFilter) =>
  queryOptions({ queryKey: queryKeys.orders.returns(filter), queryFn: ({ signal }) => getReturns({ ...filter, signal }) });

/** The previous page stays on screen while the next one loads. */
export const useReturns = (filter: ReturnsFilter) => useQuery({ ...getReturnsQueryOptions(filter), placeholderData: keepPreviousData });
