import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '@/lib/api-client';

/** The id of the JSON element in a server-rendered page holding the answers its render was made from. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

interface KeptError {
  status: number;
  code: string;
  message: string;
}

/**
 * What a server render asked the API, as the browser's query cache takes it over: every answer,
 * and every refusal (an unknown part's 404), so the first render in the browser is the page the
 * server sent, not a spinner in its place. An error travels as its status, code and message.
 */
export function queryStateOf(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  for (const query of state.queries) {
    const { error } = query.state;
    if (!error) continue;
    query.state.error = (isApiError(error) ? { status: error.status, code: error.code, message: error.message } : { status: 0, code: 'SERVER_RENDER', message: String(error) }) as never;
    query.state.fetchFailureReason = null;
  }
  return state;
}

/**
 * Puts a server render's answers in the browser's cache. A refusal the server met is not asked
 * again as the page mounts (it would answer the same, and the page would blink to a spinner);
 * the rider's own retry still asks.
 */
export function restoreQueryState(client: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    const kept = query.state.error as KeptError | null;
    if (!kept) continue;
    query.state.error = new ApiError(kept) as never;
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(client, state);
}
