import type { deletedAnswerSchema, insertedAnswerSchema, modifiedAnswerSchema, ShippingMethodInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /shipping-methods (admin). */
export const addShippingMethod = (method: ShippingMethodInput) => api.post<z.infer<typeof insertedAnswerSchema>>('/shipping-methods', { body: method });

/** PATCH /shipping-methods/{id} (admin): any of its fields; `active: true` offers a deactivated one again. */
export const changeShippingMethod = ({ id, method }: { id: string; method: Partial<ShippingMethodInput> }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/shipping-methods/${encodeURIComponent(id)}`, { body: method });

/** DELETE /shipping-methods/{id} (admin): deactivates it; past purchases keep naming it. */
export const deactivateShippingMethod = (id: string) => api.delete<z.infer<typeof deletedAnswerSchema>>(`/shipping-methods/${encodeURIComponent(id)}`);

/** The admin's list and every country's methods are read again after a change. */
function useShippingMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all }) });
}

export const useAddShippingMethod = () => useShippingMutation(addShippingMethod);
export const useChangeShippingMethod = () => useShippingMutation(changeShippingMethod);
export const useDeactivateShippingMethod = () => useShippingMutation(deactivateShippingMethod);
