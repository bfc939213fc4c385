import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ACCESS_TOKEN_STORAGE_KEY, getAccessToken } from '@/lib/access-token';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { QUERY_STATE_ELEMENT_ID } from './query-state';
import { ToastHost } from './toast-host';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each starts with an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useCacheOfOneAccount(client);
  usePricesOfTheSignedIn(client);
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}

/**
 * Signing in or out here clears the cache on the way (completeSignIn, signOut). Another tab doing
 * it changes who this tab is too: nothing cached for the account before (a workshop's own prices,
 * its cart) may be shown to the one after, so every answer is asked again.
 */
function useCacheOfOneAccount(client: QueryClient) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null) void client.resetQueries();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [client]);
}

/**
 * A page the server rendered was made for a visitor, with list prices. Once it is the app's, a
 * signed-in buyer's catalogue answers are asked again with their session: a workshop sees its own prices.
 */
function usePricesOfTheSignedIn(client: QueryClient) {
  useEffect(() => {
    if (getAccessToken() !== null && document.getElementById(QUERY_STATE_ELEMENT_ID)) void client.invalidateQueries({ queryKey: queryKeys.products.all });
  }, [client]);
}
