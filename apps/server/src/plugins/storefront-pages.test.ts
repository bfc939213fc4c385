import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertReview } from '../test/factories.js';

/**
 * The storefront pages the server renders (SPEC-3 section 8), from the web app's real build: the
 * raw HTML a crawler or a phone without JavaScript reads, and the answers the app takes the page
 * over with.
 */

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!existsSync(path.join(webDist, '../dist-ssr/entry-server.js'))) {
  throw new Error('These tests render with the web app\'s build: run `npm run build -w @shop/web` first (npm test does).');
}

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://shop.example' });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface QueryState {
  queries: Array<{ queryKey: unknown[]; state: { data?: unknown; status: string; error?: unknown } }>;
}

/** The answers the page carries, as the app reads them. */
function stateOf(html: string): QueryState {
  const text = /<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(html)?.[1];
  expect(text, 'the page carries its answers').toBeDefined();
  // Nothing in it can close its element or open markup.
  expect(text).not.toMatch(/[<>]/);
  return JSON.parse(text!) as QueryState;
}

/** What is inside #root: the markup the app renders. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="query-state">/.exec(html)?.[1] ?? '';

function send(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(url, origin), { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('server-rendered storefront pages', () => {
  it('the home page and the catalogue hold the parts, their prices and page links, and the answers they were made from', async () => {
    const parts = [];
    for (let i = 0; i < 8; i++) parts.push(await insertProduct(t.database.db, { name: `Rendered Part ${i}`, price_cents: 1000 + i * 100 }));
    for (const url of ['/', '/allproducts']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      const root = rootOf(response.body);
      expect(root, url).toContain('Rendered Part 0');
      expect(root, url).toContain('$10.00');
      expect(root, url).toContain(`href="/parts/${parts[0]!.id}"`);
      // The next page is a link a crawler follows.
      expect(root, url).toMatch(/href="\/(allproducts)?\?page=2/);
      expect(response.body).not.toContain('<noscript>');
      expect(response.body.match(/<title>/g), url).toHaveLength(1);
      const state = stateOf(response.body);
      const page = state.queries.find((query) => Array.isArray(query.state.data) && (query.state.data as Array<{ name: string }>)[0]?.name === 'Rendered Part 0');
      expect(page, url).toBeDefined();
    }
    const second = await t.app.inject({ url: '/allproducts?page=2' });
    expect(rootOf(second.body)).toContain('Rendered Part 6');
    expect(rootOf(second.body)).not.toContain('Rendered Part 0<');
  });

  it("a part's page holds its details, fitment and reviews; names with </script>, <!-- and quotes stay text everywhere", async () => {
    const name = 'Chain </script><script>alert(1)</script> <!-- "Gold" \'X\' $& $1';
    const description = 'Ends a script with </script>, opens <!-- a comment --> and "quotes" & ampersands\u2028on two lines.';
    const part = await insertProduct(t.database.db, { name, description, brand: 'HiFlo', part_number: 'HF204', price_cents: 999, quantity: 40, minimum: 2 });
    await insertReview(t.database.db, { product_id: part.id, ratings: 4, review: 'Fitted in ten minutes </script>' });
    const response = await t.app.inject({ url: `/parts/${part.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // No markup from the data anywhere in the page.
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<!-- a comment/g)).toBeNull();
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    const escapedName = 'Chain &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &quot;Gold&quot; &#x27;X&#x27; $&amp; $1';
    expect(html).toContain(`<title>${escapedName} by HiFlo | Moto Parts</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const root = rootOf(html);
    expect(root).toContain(escapedName);
    expect(root).toContain('$9.99');
    expect(root).toContain('HF204');
    expect(root).toContain('Fitted in ten minutes &lt;/script&gt;');
    // The answers as the API gives them, byte for byte once parsed.
    const answer = (await t.app.inject({ url: `/api/products/${part.id}` })).json();
    expect(stateOf(html).queries.find((query) => (query.state.data as { _id?: string })?._id === part.id)?.state.data).toEqual(answer);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Product', name, sku: 'HF204', aggregateRating: { ratingValue: '4.0', reviewCount: 1 } });
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/parts/${part.id}" />`);
    expect(html).toContain('<meta name="description" content="Ends a script with &lt;/script&gt;, opens &lt;!-- a comment --&gt; and &quot;quotes&quot; &amp; ampersands\u2028on two lines." />');
  });

  it('a part that does not exist is the not-found page with a 404, and so is a malformed id', async () => {
    for (const url of [`/parts/${'f'.repeat(24)}`, '/parts/not-an-id']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(rootOf(response.body), url).toContain('Page not found');
      expect(response.body, url).not.toContain('ld+json');
      expect(stateOf(response.body).queries[0]?.state.status, url).toBe('error');
    }
  });

  it('the search page renders with every filter at once, and a query of 2,000 characters is an answer, not a failure', async () => {
    await insertProduct(t.database.db, { name: 'Searchable Brake Pads', brand: 'EBC', price_cents: 2500 });
    const everything = '/search?q=brake&category=Other&brand=EBC&inStock=true&sort=price-desc&page=0';
    const response = await t.app.inject({ url: everything });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toContain('Searchable Brake Pads');
    expect(stateOf(response.body).queries.some((query) => query.state.status === 'success')).toBe(true);

    const long = await t.app.inject({ url: `/search?q=${'x'.repeat(2000)}` });
    expect(long.statusCode).toBe(200);
    // The page searches for the first 200 characters, as its search box would: an answer, not an error.
    expect(stateOf(long.body).queries.every((query) => query.state.status === 'success')).toBe(true);
    const quoted = await t.app.inject({ url: `/search?q=${encodeURIComponent('"></script><!--<b>')}` });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.body).not.toContain('<b>');
    expect(quoted.body).not.toContain('"></script><!--');
  });

  it('visitors share one rendered page whatever their cookies or language, compressed as each asks; a bearer is answered apart', async () => {
    const plain = await send('/allproducts?page=1');
    expect(plain.status).toBe(200);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const hits = t.app.responseCache.stats.hits;
    const personal = await send('/allproducts?page=1', { cookie: 'session=abc', 'accept-language': 'de-DE' });
    expect(t.app.responseCache.stats.hits).toBe(hits + 1);
    expect(personal.body.equals(plain.body)).toBe(true);

    const br = await send('/allproducts?page=1', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // The same page (rendered apart, so its answers' times may differ).
    expect(rootOf(brotliDecompressSync(br.body).toString())).toBe(rootOf(plain.body.toString()));
    const gzip = await send('/allproducts?page=1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(rootOf(gunzipSync(gzip.body).toString())).toBe(rootOf(plain.body.toString()));

    const before = t.app.responseCache.stats.hits;
    const bearer = await send('/allproducts?page=1', { authorization: 'Bearer not-a-session' });
    expect(t.app.responseCache.stats.hits).toBe(before);
    // Rendered for it alone, and the same page: a render never reads who asks.
    expect(rootOf(bearer.body.toString())).toBe(rootOf(plain.body.toString()));
  });
});
