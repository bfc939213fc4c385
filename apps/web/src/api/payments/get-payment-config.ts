import type { PaymentConfig } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /payments/config: which card provider the payment form talks to. */
export const getPaymentConfig = ({ signal }: { signal?: AbortSignal } = {}) => api.get<PaymentConfig>('/payments/config', { signal });

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payments.config,
    queryFn: ({ signal }) => getPaymentConfig({ signal }),
    // Set when the shop starts; it does not change while a page is open.
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());
