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

/**
 * POST /checkouts/{id}/refund (admin): refunds every paid line of a checkout not yet shipped,
 * line by line, each by its own amount.
 */
export const refundCheckout = (checkoutId: string) => api.post<RefundAnswer>(`/checkouts/${encodeURIComponent(checkoutId)}/refund`);

const useRefund = (mutationFn: (id: string) => Promise<RefundAnswer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Settled: a refusal (another admin refunded or shipped it first) means the list is out of date too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};

export const useRefundOrder = () => useRefund(refundOrder);
export const useRefundCheckout = () => useRefund(refundCheckout);
