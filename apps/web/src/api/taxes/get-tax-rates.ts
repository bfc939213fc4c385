import type { TaxRates } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /tax-rates (admin): every rate, in the admin's order. */
export const getTaxRates = ({ signal }: { signal?: AbortSignal } = {}) => api.get<TaxRates>('/tax-rates', { signal });

export const useTaxRates = () => useQuery({ queryKey: queryKeys.taxRates, queryFn: ({ signal }) => getTaxRates({ signal }) });
