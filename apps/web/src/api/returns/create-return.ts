import type { CreateReturnInput, Return } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /orders/{id}/returns (the line's owner): pieces of a shipped line going back. 409 with the
 * shop's reason when the line is not shipped, its window has closed or the pieces are already
 * going back; 422 with the fields' messages.
 */
export const createReturn = ({ orderId, input }: { orderId: string; input: CreateReturnInput }) =>
  api.post<Return>(`/orders/${encodeURIComponent(orderId)}/returns`, { body: input });

export const useCreateReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    // Settled: a refusal (the window closed, pieces already going back) means the list is out of date too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
