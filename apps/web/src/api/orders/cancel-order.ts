import type { deletedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /orders/{id}: cancels an unpaid order; its pieces go back into stock. */
export const cancelOrder = (orderId: string) =>
  api.delete<z.infer<typeof deletedAnswerSchema>>(`/orders/${encodeURIComponent(orderId)}`);

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Settled: a refusal (e.g. paid meanwhile) means the list shown is out of date as well.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
