import type { CheckoutAnswer, checkoutInputSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { PlacedTotal } from '@/lib/placement';
import { queryKeys } from '@/lib/query-keys';

/** POST /checkout: orders the server's cart, every line or none, as one checkout; the cart is emptied. */
export const placeCheckout = (delivery: z.input<typeof checkoutInputSchema>) =>
  api.post<Omit<CheckoutAnswer, 'purchaseId' | 'total' | 'totalChanged'> & PlacedTotal>('/checkout', { body: delivery });

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
