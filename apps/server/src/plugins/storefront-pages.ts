import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Product } from '@shop/shared';
import type { AppConfig } from '../app-config.js';
import { encode, preferredEncoding } from '../lib/content-encoding.js';
import { scriptJson } from '../lib/html.js';
import { partPageHtml } from './part-page-html.js';
import { freshUntilOf, offerToResponseCache } from './public-cache.js';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist-ssr) renders. */
interface RenderedPage {
  status: number;
  html: string;
  head: string;
  state: { queries: Array<{ state: { data?: unknown } }> };
}
type PageRenderer = (url: string) => Promise<RenderedPage>;
type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The storefront pages the server renders; every other page is rendered in the browser. */
export const RENDERED_PAGES = /^\/(?:allproducts|search|parts\/[^/]+)?$/;

/** The id of the JSON element holding a rendered page's answers (apps/web/src/app/query-state.ts). */
const QUERY_STATE_ELEMENT_ID = 'query-state';

/** What a render's API calls were: until when every answer it used may be shown as it is (0: one was not shared). */
interface RenderContext {
  freshUntil: number;
}

async function loadRenderer(config: AppConfig, fetchApi: ApiFetch): Promise<PageRenderer | undefined> {
  const entry = path.join(config.webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { createPageRenderer(fetchApi: ApiFetch): PageRenderer };
  return module.createPageRenderer(fetchApi);
}

/** The shell's parts around the app: the page's own head elements, its markup in #root, and the answers it was made from. */
function composePage(shell: string, page: RenderedPage): string {
  const withoutTitle = page.head.includes('<title>') ? shell.replace(/<title>[^<]*<\/title>\s*/, '') : shell;
  // Replacer functions, not replacement strings: markup holding `$'`, `$&` or `$$` stays as it is.
  return withoutTitle
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`,
    );
}

const partIn = (page: RenderedPage, id: string): Product | undefined =>
  page.state.queries.map((query) => query.state.data).find((data): data is Product => typeof data === 'object' && data !== null && (data as Product)._id === id);

/**
 * The storefront's pages rendered on the server (decision 046): `/`, `/allproducts`, `/search` and
 * `/parts/{id}` arrive as finished HTML with the answers they were made from, which the app takes
 * over. A page made only from shared answers is kept by the response cache in front of the router,
 * as those answers are, for as long as the oldest of them is fresh, in each encoding a client asks for.
 * Without the web app's server build, static.ts serves these addresses as the app's shell.
 */
export const storefrontPagesPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const renders = new AsyncLocalStorage<RenderContext>();
    const render = await loadRenderer(config, async (url, init) => {
      const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, signal: init.signal ?? undefined });
      const context = renders.getStore();
      if (context) context.freshUntil = Math.min(context.freshUntil, freshUntilOf(answer.raw.req) ?? 0);
      return new Response(answer.rawPayload, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
    });
    if (!render) {
      app.log.warn('the web app has no server build: storefront pages are rendered in the browser');
      return;
    }
    const shell = (name: string) => readFileSync(path.join(config.webDistDir, existsSync(path.join(config.webDistDir, name)) ? name : 'index.html'), 'utf8');
    const indexShell = shell('index.html');
    const partShell = shell('part.html');
    const searchShell = shell('search.html');

    async function sendPage(request: FastifyRequest, reply: FastifyReply, pageShell: string, finish: (html: string, page: RenderedPage) => string = (html) => html) {
      const context: RenderContext = { freshUntil: Infinity };
      let page: RenderedPage;
      try {
        page = await renders.run(context, () => render!(request.url));
      } catch (error) {
        // The app renders the page in the browser instead, as it does every other page.
        request.log.error({ err: error }, 'server render failed; the page is sent as the app shell');
        return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexShell);
      }
      if (page.status === 200 && Number.isFinite(context.freshUntil) && context.freshUntil > Date.now()) request.publicCacheFreshUntil = context.freshUntil;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encode(Buffer.from(finish(composePage(pageShell, page), page)), encoding));
    }

    const page = { schema: { hide: true }, onSend: offerToResponseCache };
    app.get('/', page, (request, reply) => sendPage(request, reply, indexShell));
    app.get('/allproducts', page, (request, reply) => sendPage(request, reply, indexShell));
    app.get('/search', page, (request, reply) => sendPage(request, reply, searchShell));
    // A part's page also names the part in its head, for shared links and search engines.
    app.get<{ Params: { id: string } }>('/parts/:id', page, (request, reply) =>
      sendPage(request, reply, partShell, (html, rendered) => {
        const part = partIn(rendered, request.params.id);
        return part ? partPageHtml(html, part, { publicUrl: config.publicUrl }) : html;
      }),
    );
  },
  { name: 'storefront-pages', dependencies: ['public-cache'] },
);
