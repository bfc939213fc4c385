import type { RefundAnswer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /orders/{id}/refund (admin): gives a paid, unshipped order's amount back to the card that
 * paid it and puts its parts back on the shelf; 409 with the reason when it cannot be refunded
 * or the provider declines.
 */
export const refundOrder = (orderId: string) => api.post<RefundAnswer>(`/orders/${encodeURIComponent(orderId)}/refund`);

export const useRefundOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // Settled: a refusal (another admin refunded or shipped it first) means the list is out of date too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
