import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * SPEC's order payload plus productId. The shop takes name, email, part name and price from the
 * account and the catalogue; they are sent because SPEC's call carries them.
 */
export interface CreateOrderInput {
  productId: string;
  quantity: number;
  location: string;
  phone: string;
  toolName: string;
  toolPrice: number;
  name: string;
  email: string;
}

export interface InsertedAnswer {
  acknowledged: boolean;
  insertedId: string;
}

/** POST /orders: places the order and takes its pieces from stock at once. */
export const createOrder = (input: CreateOrderInput) => api.post<InsertedAnswer>('/orders', { body: input });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Settled, not only succeeded: a refused order (409) means the stock shown is out of date too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.products] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.orders] }),
      ]),
  });
};
