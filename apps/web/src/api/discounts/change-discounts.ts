import type { DiscountDeletedAnswer, DiscountInput, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /discounts (admin): 409 when the code exists in any case. */
export const addDiscount = (discount: DiscountInput) => api.post<z.infer<typeof insertedAnswerSchema>>('/discounts', { body: discount });

/** PATCH /discounts/{id} (admin): the fields sent, the discount checked whole as it would be. */
export const editDiscount = ({ id, discount }: { id: string; discount: Partial<DiscountInput> }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/discounts/${encodeURIComponent(id)}`, { body: discount });

/** DELETE /discounts/{id} (admin): an unused code goes; a used one is deactivated (`deactivated`). */
export const deleteDiscount = (id: string) => api.delete<DiscountDeletedAnswer>(`/discounts/${encodeURIComponent(id)}`);

/** The discount list is read again after every change. */
function useDiscountMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.discounts }) });
}

export const useAddDiscount = () => useDiscountMutation(addDiscount);
export const useEditDiscount = () => useDiscountMutation(editDiscount);
export const useDeleteDiscount = () => useDiscountMutation(deleteDiscount);
