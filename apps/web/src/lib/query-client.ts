import { QUERY_STALE_TIME_MS } from '@shop/shared';
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** SPEC section 8: failed queries retry 3 times, backing off from 1000 ms, doubling, up to 30000 ms. */
export const QUERY_RETRIES = 3;
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/** A client error other than timeout or rate limit answers the same way when asked again. */
const isPermanentFailure = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < QUERY_RETRIES && !isPermanentFailure(error),
    retryDelay,
    staleTime: QUERY_STALE_TIME_MS,
    gcTime: QUERY_STALE_TIME_MS,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export const createQueryClient = (): QueryClient => new QueryClient({ defaultOptions: queryConfig });
