import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /allorders (admin): every order, newest first. */
export const getAllOrders = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Order[]>('/allorders', { signal });

export const getAllOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.every,
    queryFn: ({ signal }) => getAllOrders({ signal }),
  });

export const useAllOrders = () => useQuery(getAllOrdersQueryOptions());
