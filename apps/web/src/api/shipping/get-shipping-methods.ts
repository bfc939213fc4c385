import type { ShippingMethod } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A method serving a country, with the dates an order placed now arrives and today's dispatch deadline. */
export type ShippingOffer = ShippingMethod & { arrivesFrom: string; arrivesTo: string; dispatchBy: string | null };

/** GET /shipping-methods?country=: the active methods serving a country, cheapest first, with their arrival. */
export const getShippingMethodsFor = (country: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ShippingOffer[]>(`/shipping-methods?${new URLSearchParams({ country })}`, { signal });

/** The dates move with the clock: read again after a minute rather than kept for the cache's five. */
export const shippingMethodsForQuery = (country: string) =>
  queryOptions({
    queryKey: queryKeys.shipping.country(country),
    queryFn: ({ signal }) => getShippingMethodsFor(country, { signal }),
    staleTime: 60_000,
  });

export const useShippingMethodsFor = (country: string | undefined) => useQuery({ ...shippingMethodsForQuery(country ?? ''), enabled: Boolean(country) });

/** GET /admin/shipping-methods (admin): every method, inactive ones too. */
export const getAdminShippingMethods = ({ signal }: { signal?: AbortSignal } = {}) => api.get<ShippingMethod[]>('/admin/shipping-methods', { signal });

export const useAdminShippingMethods = () => useQuery({ queryKey: queryKeys.shipping.admin, queryFn: ({ signal }) => getAdminShippingMethods({ signal }) });
