import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /orders/{email}: the customer's orders, newest first; cancelled ones are left out. */
export const getMyOrders = ({ email, signal }: { email: string; signal?: AbortSignal }) =>
  api.get<Order[]>(`/orders/${encodeURIComponent(email)}`, { signal });

export const getMyOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.orders.customer(email),
    queryFn: ({ signal }) => getMyOrders({ email, signal }),
  });

export const useMyOrders = (email: string) => useQuery(getMyOrdersQueryOptions(email));
