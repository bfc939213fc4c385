import type { Address } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /addresses: the signed-in customer's saved addresses, the default first. */
export const getAddresses = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Address[]>('/addresses', { signal });

export const addressesQuery = () => queryOptions({ queryKey: queryKeys.addresses, queryFn: ({ signal }) => getAddresses({ signal }) });

/** The saved addresses; asked only with `enabled` (a signed-in customer), as a visitor has none. */
export const useAddresses = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...addressesQuery(), enabled });
