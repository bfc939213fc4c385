import type { Return, UpdateReturnInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /returns/{id} (admin): one step of a return — approve, reject with a reason, mark received,
 * or refund an amount (at most what is left of the payment), its pieces back in stock or not. 409
 * with the shop's reason when the return is no longer in a state for that step.
 */
export const updateReturn = ({ returnId, step }: { returnId: string; step: UpdateReturnInput }) =>
  api.patch<Return>(`/returns/${encodeURIComponent(returnId)}`, { body: step });

export const useUpdateReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReturn,
    // Settled: a refusal (another admin took the step first) means the page is out of date too. The
    // returns live under the orders' root; a refund that restocks changes the parts' stock.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
