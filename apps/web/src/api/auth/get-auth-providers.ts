import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /auth-providers: which sign-in options besides email and password this shop has set up. */
export const getAuthProviders = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<{ google: boolean }>('/auth-providers', { signal });

export const getAuthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => getAuthProviders({ signal }),
    // Set by the shop's configuration: it does not change while the page is open.
    staleTime: Infinity,
  });

export const useAuthProviders = () => useQuery(getAuthProvidersQueryOptions());
