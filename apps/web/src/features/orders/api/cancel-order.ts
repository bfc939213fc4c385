import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** DELETE /orders/{id}: cancels an unpaid order; its pieces go back into stock. */
export const cancelOrder = (orderId: string) => api.delete<{ deletedCount: number }>(`/orders/${encodeURIComponent(orderId)}`);

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Settled: a refusal (e.g. paid meanwhile) means the list shown is out of date as well.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.orders] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.products] }),
      ]),
  });
};
