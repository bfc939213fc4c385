import { QueryClient, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { setApiFetch } from '@/lib/api-client';
import { queryConfig } from '@/lib/query-client';
import { PageStatusContext } from './app/page-status';
import { AppProviders } from './app/providers';
import { queryStateOf } from './app/query-state';
import { AppRoutes } from './app/router';

/** A storefront page as the server sends it: the app's markup, its status, and the answers it was made from. */
export interface RenderedPage {
  status: number;
  /** What goes inside `#root`. */
  html: string;
  /** The page's `<title>`, `<meta>` and `<link>` elements, for `<head>`. */
  head: string;
  /** TanStack Query's dehydrated state (JSON-safe). */
  state: unknown;
}

/** How the render asks the API: the server answers its own calls in process. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** At most this many rounds of asking the API: a page whose calls depend on earlier answers takes two. */
const MAX_ROUNDS = 3;

const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/** Queries the last render asked for and nobody has fetched yet. */
const unasked = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));

async function toHtml(element: ReactNode): Promise<string> {
  // Every boundary written in place, however large: a boundary moved out of line needs an inline
  // script to put it back, which the Content-Security-Policy (script-src 'self') refuses.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** React writes a page's hoisted elements (its `<title>`, preloads) before its markup: they belong in `<head>`. */
function splitHead(html: string): { head: string; body: string } {
  const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  return hoisted ? { head: hoisted[0], body: html.slice(hoisted[0].length) } : { head: '', body: html };
}

/**
 * Renders storefront pages on the server from the same route tree and data layer as the browser:
 * each render finds the queries its page asks for, asks the API for them (through `fetchApi`),
 * and renders again with the answers, until nothing new is asked.
 */
export function createPageRenderer(fetchApi: ApiFetch) {
  setApiFetch(fetchApi);
  return async function renderPage(url: string): Promise<RenderedPage> {
    // No retries here: a refusal is the page's answer (shown, not a spinner), and a server render never waits out a back-off.
    const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false, retryOnMount: false } } });
    let status = 200;
    const page = (
      <StrictMode>
        <PageStatusContext value={(next) => (status = next)}>
          <AppProviders queryClient={client}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </PageStatusContext>
      </StrictMode>
    );
    let html = await toHtml(page);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const queries = unasked(client);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      status = 200;
      html = await toHtml(page);
    }
    const { head, body } = splitHead(html);
    return { status, html: body, head, state: queryStateOf(client) };
  };
}
