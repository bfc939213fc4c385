import type { AddressInput, deletedAnswerSchema, insertedAnswerSchema, modifiedAnswerSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /addresses: 409 once the customer keeps 10; the first, or one sent with isDefault, is the default. */
export const addAddress = (address: AddressInput) => api.post<z.infer<typeof insertedAnswerSchema>>('/addresses', { body: address });

/** PUT /addresses/{id}: the whole address; isDefault: true makes it the default. */
export const editAddress = ({ id, address }: { id: string; address: AddressInput }) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/addresses/${encodeURIComponent(id)}`, { body: address });

/** DELETE /addresses/{id}: the oldest other address becomes the default if this one was. */
export const removeAddress = (id: string) => api.delete<z.infer<typeof deletedAnswerSchema>>(`/addresses/${encodeURIComponent(id)}`);

/** Any change moves the default or the list: the list is read again, whatever the answer. */
function useAddressMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }) });
}

/**
 * Saves a new address: 'Add address' on My Addresses, and 'Save this address' on the purchase
 * page and checkout (make one of the delivery typed there with `deliveryToAddress`).
 */
export const useSaveAddress = () => useAddressMutation(addAddress);
export const useEditAddress = () => useAddressMutation(editAddress);
export const useRemoveAddress = () => useAddressMutation(removeAddress);
