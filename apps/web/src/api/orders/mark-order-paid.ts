import type { modifiedAnswerSchema, Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /orders/{id} with SPEC's {order, transactionID}: the shop asks the provider itself
 * before it marks the order paid.
 */
export const markOrderPaid = ({ order, transactionId }: { order: Order; transactionId: string }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/orders/${encodeURIComponent(order._id)}`, {
    body: { order, transactionID: transactionId },
  });

export const useMarkOrderPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
