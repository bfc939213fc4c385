import type { CreateOrderInput, insertedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { PlacedTotal } from '@/lib/placement';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /orders: SPEC's order payload plus productId. The shop takes name, email, part name and
 * price from the account and the catalogue; SPEC's call carries them, so they are sent as well.
 * Places the order and takes its pieces from stock at once.
 */
export const createOrder = (input: CreateOrderInput) => api.post<z.infer<typeof insertedAnswerSchema> & PlacedTotal>('/orders', { body: input });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Settled, not only succeeded: a refused order (409) means the stock shown is out of date too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
};
