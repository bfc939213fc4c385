import type { CheckoutAnswer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /checkout: orders the server's cart, every line or none, as one checkout; the cart is emptied. */
export const placeCheckout = (delivery: { location: string; phone: string }) => api.post<CheckoutAnswer>('/checkout', { body: delivery });

export const usePlaceCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    // Placed or refused, the cart, the stock and the orders are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
