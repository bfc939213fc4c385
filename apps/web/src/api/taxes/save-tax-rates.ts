import type { TaxRates, TaxRatesInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /tax-rates (admin): the whole list, in place of the one before; answers it as saved. */
export const saveTaxRates = (input: TaxRatesInput) => api.put<TaxRates>('/tax-rates', { body: input });

export function useSaveTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxRates,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.taxRates, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxRates }),
  });
}
