import type { Order } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /allorders?q (admin): every order, newest first, or those the search text finds (number, customer, part, phone, address). */
export const getAllOrders = ({ q = '', signal }: { q?: string; signal?: AbortSignal } = {}) =>
  api.get<Order[]>(q ? `/allorders?${new URLSearchParams({ q })}` : '/allorders', { signal });

const getAllOrdersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.orders.every(q),
    queryFn: ({ signal }) => getAllOrders({ q, signal }),
  });

/** The previous list stays on screen while a search's answer loads. */
export const useAllOrders = (q = '') => useQuery({ ...getAllOrdersQueryOptions(q), placeholderData: keepPreviousData });
