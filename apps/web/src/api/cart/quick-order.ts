import type { QuickOrderAnswer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /cart/quick: pasted lines (or a CSV file's text) of part numbers and quantities into the signed-in customer's cart. */
export const quickOrder = (text: string) => api.post<QuickOrderAnswer>('/cart/quick', { body: { text } });

/** The cart changed on the shop: its lines, prices and the navbar's count are asked for again. */
export const useQuickOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
};
