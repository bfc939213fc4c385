import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { clearAccessToken, getAccessToken, useAccessToken } from './access-token';
import { api, isApiError } from './api-client';
import { queryKeys } from './query-keys';

/** The signed-in person as the identity service describes them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
  image: string | null;
  phone: string | null;
}

export interface Session {
  session: { expiresAt: string };
  user: SessionUser;
}

/**
 * The session behind the stored bearer token, or null when it has ended (the identity
 * service answers null, or 401, for an unknown or expired token). An ended session removes
 * the token, so every screen sees the visitor as signed out.
 */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session | null> {
  let session: Session | null;
  try {
    session = await api.get<Session | null>('/auth/get-session', { signal });
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    session = null;
  }
  if (session?.user) return session;
  clearAccessToken();
  return null;
}

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession({ signal }),
  });

export interface AuthState {
  user: SessionUser | null;
  /** True while a stored token is being checked. */
  isLoading: boolean;
  /** The check failed for another reason than an ended session (e.g. no connection). */
  error: Error | null;
  retry: () => void;
}

/** Who is signed in. Asks the server only when a token is stored. */
export function useAuth(): AuthState {
  const token = useAccessToken();
  const signedIn = token !== null;
  const query = useQuery({ ...getSessionQueryOptions(), enabled: signedIn });
  return {
    user: signedIn ? (query.data?.user ?? null) : null,
    isLoading: signedIn && query.isPending,
    error: signedIn ? query.error : null,
    retry: () => void query.refetch(),
  };
}

/**
 * Ends the session here at once and on the server in the background. Everything cached
 * belonged to the signed-in person, so the cache goes too.
 */
export async function signOut(queryClient: QueryClient, token: string | null = getAccessToken()): Promise<void> {
  clearAccessToken();
  queryClient.clear();
  if (!token) return;
  try {
    await api.post('/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // The token is gone from this browser; the server's session then simply expires.
  }
}
