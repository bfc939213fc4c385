import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel';
import { PageLoader } from './page-loader';

/** What a page says while its data loads and when the load fails. */
export interface QueryViewCopy {
  loading: string;
  loadFailed: string;
  retry: string;
}

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  copy: QueryViewCopy;
  /** A failure that asking again will not mend (e.g. an unknown id) gets its own panel; nothing for the usual one. */
  failure?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}

/** One query's page area: a spinner while it loads, a retryable error when it fails, else its content. */
export function QueryView<T>({ query, copy, failure, children }: QueryViewProps<T>) {
  if (query.isPending) return <PageLoader label={copy.loading} />;
  if (query.isError) {
    const own = failure?.(query.error);
    if (own) return own;
    return <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void query.refetch()} isRetrying={query.isRefetching} />;
  }
  return children(query.data);
}
