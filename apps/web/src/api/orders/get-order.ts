import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /specificorders/{orderid}: one order (its owner or an admin). */
export const getOrder = ({ orderId, signal }: { orderId: string; signal?: AbortSignal }) =>
  api.get<Order>(`/specificorders/${encodeURIComponent(orderId)}`, { signal });

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: ({ signal }) => getOrder({ orderId, signal }),
  });

export const useOrder = (orderId: string) => useQuery(getOrderQueryOptions(orderId));
