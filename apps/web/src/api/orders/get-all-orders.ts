import type { Order, OrderCount, OrderStatus } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which orders Manage All Orders shows: one status or all, and a search. */
export interface OrdersFilter {
  q: string;
  status: OrderStatus | undefined;
}

const filterParams = ({ q, status }: OrdersFilter) => ({ ...(q ? { q } : {}), ...(status ? { status } : {}) });

/** GET /allorders?status&q&page&size (admin): a page of orders, newest first, of one status and those the search text finds (number, customer, part, phone, address). */
export const getAllOrders = ({ page, size, signal, ...filter }: OrdersFilter & { page: number; size: number; signal?: AbortSignal }) =>
  api.get<Order[]>(`/allorders?${new URLSearchParams({ ...filterParams(filter), page: String(page), size: String(size) })}`, { signal });

/** GET /allorders/count?status&q (admin): how many orders the filter finds. */
export const getAllOrdersCount = ({ signal, ...filter }: OrdersFilter & { signal?: AbortSignal }) =>
  api.get<OrderCount>(`/allorders/count?${new URLSearchParams(filterParams(filter))}`, { signal });

/** The previous page stays on screen while the next one loads. */
export const useAllOrders = (filter: OrdersFilter & { page: number; size: number }) =>
  useQuery({
    ...queryOptions({ queryKey: queryKeys.orders.every(filter), queryFn: ({ signal }) => getAllOrders({ ...filter, signal }) }),
    placeholderData: keepPreviousData,
  });

export const useAllOrdersCount = (filter: OrdersFilter) =>
  useQuery({
    ...queryOptions({ queryKey: queryKeys.orders.count(filter), queryFn: ({ signal }) => getAllOrdersCount({ ...filter, signal }) }),
    placeholderData: keepPreviousData,
  });
