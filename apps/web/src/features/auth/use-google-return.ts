import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSignIn } from '@/api/auth/exchange-token';
import { GOOGLE_PROVIDER, GOOGLE_RETURN_PARAMS } from '@/api/auth/start-google-sign-in';
import { paths } from '@/config/paths';
import { clearAccessToken } from '@/lib/access-token';
import { getSession } from '@/lib/session';
import { authCopy } from './copy';
import { safeReturnPath } from './return-path';

export type GoogleReturn = { state: 'none' } | { state: 'completing' } | { state: 'failed'; message: string };

/**
 * Finishes a Google sign-in when Google sends the visitor back to the sign-in page: the
 * identity session is in the cookie by then, and is exchanged for the API token.
 */
export function useGoogleReturn(): GoogleReturn {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isReturn = searchParams.get(GOOGLE_RETURN_PARAMS.provider) === GOOGLE_PROVIDER;
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!isReturn || handled.current) return;
    handled.current = true;
    const returnTo = safeReturnPath(searchParams.get(GOOGLE_RETURN_PARAMS.from));
    // Drop the return parameters from the address, keeping where to go after a retry.
    const stay = (message: string) => {
      setFailure(message);
      const url = new URL(returnTo, window.location.origin);
      void navigate(paths.auth.signIn.getHref(), {
        replace: true,
        state: { from: { pathname: url.pathname, search: url.search, hash: url.hash } },
      });
    };

    if (searchParams.get(GOOGLE_RETURN_PARAMS.error)) {
      stay(authCopy.google.failed);
      return;
    }
    // A token of an earlier session would be sent along and speak for someone else.
    clearAccessToken();
    queryClient.clear();
    void (async () => {
      try {
        const session = await getSession();
        if (!session) {
          stay(authCopy.google.failed);
          return;
        }
        await completeSignIn(session.user.email, queryClient);
        await navigate(returnTo, { replace: true });
      } catch {
        stay(authCopy.google.failed);
      }
    })();
  }, [isReturn, searchParams, navigate, queryClient]);

  if (failure) return { state: 'failed', message: failure };
  return isReturn ? { state: 'completing' } : { state: 'none' };
}
