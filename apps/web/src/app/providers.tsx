import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { createQueryClient } from '@/lib/query-client';
import { ToastHost } from './toast-host';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each starts with an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useCacheOfOneAccount(client);
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
