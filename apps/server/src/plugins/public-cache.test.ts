import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, type ShopDatabase } from '../db/database.js';
import { notFound } from '../lib/errors.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertReview, insertSignedInUser } from '../test/factories.js';

/**
 * The public cache: the response cache in front of the router (what a listening server answers;
 * `inject` passes it by) and the micro-cache behind `app.cachedGet`, on one instance and across
 * two sharing a database.
 */

interface RawAnswer {
  status: number;
  /** Header lines as they came off the wire, names in their case, in order. */
  rawHeaders: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(origin: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, origin), { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The header lines with the values that differ on every answer (date, request id) blanked. */
const comparable = (rawHeaders: string[]) =>
  rawHeaders.map((value, i) => (i % 2 === 1 && ['date', 'x-request-id'].includes(rawHeaders[i - 1]!.toLowerCase()) ? '*' : value));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const PUBLIC_URLS = ['/api/products?page=0&size=6', '/api/productCount', '/api/getreviews?latest=3'];

describe('response cache in front of the router', () => {
  let t: TestApp;
  let origin: string;
  let productId: string;
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 8; i++) productId = (await insertProduct(t.database.db, { price_cents: 1000 + i })).id;
    for (let i = 0; i < 4; i++) await insertReview(t.database.db);
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a hit with the very status, header lines and body the app sent, with a fresh request id', async () => {
    for (const url of [...PUBLIC_URLS, `/api/products/${productId}`]) {
      t.app.responseCache.clear();
      const hitsBefore = t.app.responseCache.stats.hits;
      const miss = await send(origin, url);
      const hit = await send(origin, url);
      expect(miss.status, url).toBe(200);
      expect(t.app.responseCache.stats.hits, url).toBe(hitsBefore + 1);
      expect(comparable(hit.rawHeaders), url).toEqual(comparable(miss.rawHeaders));
      expect(hit.body, url).toBe(miss.body);
      expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
      // The security headers are among them.
      expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps HEAD answers apart from GET answers: a HEAD hit has no body and the GET length', async () => {
    const url = '/api/products?page=1&size=6';
    const get = await send(origin, url);
    const headMiss = await send(origin, url, { method: 'HEAD' });
    const hitsBefore = t.app.responseCache.stats.hits;
    const headHit = await send(origin, url, { method: 'HEAD' });
    expect(t.app.responseCache.stats.hits).toBe(hitsBefore + 1);
    expect(headHit.body).toBe('');
    expect(comparable(headHit.rawHeaders)).toEqual(comparable(headMiss.rawHeaders));
    expect(headHit.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    const getAgain = await send(origin, url);
    expect(getAgain.body).toBe(get.body);
  });

  it('is cleared at once by a successful write on this instance', async () => {
    const url = `/api/products/${productId}`;
    expect(JSON.parse((await send(origin, url)).body).price).toBe(10.07);
    const edit = await send(origin, `/api/products/${productId}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ updatequantity: 3, quantitySeen: 50 }),
    });
    expect(edit.status).toBe(200);
    expect(JSON.parse((await send(origin, url)).body).quantity).toBe(3);
  });

  it('keeps an answer at most a second: a change made elsewhere shows once it expires', async () => {
    const url = '/api/productCount';
    const before = JSON.parse((await send(origin, url)).body).count as number;
    const changedAt = Date.now();
    await insertProduct(t.database.db);
    const seen: number[] = [];
    while (Date.now() - changedAt < 2000) {
      const count = JSON.parse((await send(origin, url)).body).count as number;
      seen.push(count);
      if (count === before + 1) break;
      await sleep(20);
    }
    expect(seen.at(-1)).toBe(before + 1);
    expect(Date.now() - changedAt).toBeLessThan(1400);
  });

  it('never answers requests with a bearer token or a cookie from the cache', async () => {
    const url = '/api/getreviews?latest=3';
    await send(origin, url);
    const { hits, misses } = t.app.responseCache.stats;
    const asAdmin = await send(origin, url, { headers: admin.headers });
    expect(JSON.parse(asAdmin.body)[0].email).toContain('@');
    const withCookie = await send(origin, url, { headers: { cookie: 'session=abc' } });
    expect(withCookie.status).toBe(200);
    expect(t.app.responseCache.stats).toEqual({ hits, misses });
    // The public answer never carries the emails the admin's answer has.
    expect(JSON.parse((await send(origin, url)).body)[0].email).toBeUndefined();
  });

  it('never keeps an error or a refusal', async () => {
    for (const url of ['/api/products/00000000-0000-0000-0000-000000000000', '/api/products?page=-1&size=6', '/api/products']) {
      const first = await send(origin, url);
      const hitsBefore = t.app.responseCache.stats.hits;
      const second = await send(origin, url);
      expect(first.status, url).toBeGreaterThanOrEqual(400);
      expect(second.status, url).toBe(first.status);
      expect(t.app.responseCache.stats.hits, url).toBe(hitsBefore);
      expect(JSON.parse(second.body).requestId).toBe(second.headers['x-request-id']);
    }
  });

  it('does not keep routes that are not marked public, nor GET requests with a body', async () => {
    await send(origin, '/api/health');
    await send(origin, '/api/productCount');
    const hitsBefore = t.app.responseCache.stats.hits;
    expect((await send(origin, '/api/health')).status).toBe(200);
    const withBody = await send(origin, '/api/productCount', { headers: { 'content-type': 'text/plain', 'content-length': '1' }, body: 'x' });
    expect(withBody.status).toBe(200);
    expect(t.app.responseCache.stats.hits).toBe(hitsBefore);
  });
});

describe('response cache with CORS origins configured', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await buildTestApp({ CORS_ORIGINS: 'https://partner.example' });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets requests with an Origin through to the app, which answers with its CORS headers', async () => {
    await send(origin, '/api/productCount');
    const hitsBefore = t.app.responseCache.stats.hits;
    const cross = await send(origin, '/api/productCount', { headers: { origin: 'https://partner.example' } });
    expect(cross.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(t.app.responseCache.stats.hits).toBe(hitsBefore);
    const plain = await send(origin, '/api/productCount');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(t.app.responseCache.stats.hits).toBe(hitsBefore + 1);
  });
});

describe('two instances on one database, as behind a load balancer', () => {
  let first: TestApp;
  let secondDatabase: ShopDatabase;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await buildTestApp();
    secondDatabase = createDatabase(first.testDatabase.config);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: first.testDatabase.dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
    second = await buildApp({ config, database: secondDatabase, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await first.close();
  });

  it('shows a product edit at once on the instance that made it, and within a second on the others', async () => {
    const product = await insertProduct(first.database.db, { price_cents: 1000, quantity: 10 });
    const admin = await insertSignedInUser(first.database.db, { role: 'admin' });
    const read = async (app: FastifyInstance) => (await app.inject({ url: `/api/products/${product.id}` })).json().price;
    expect(await read(first.app)).toBe(10);
    expect(await read(second)).toBe(10);

    const edit = await first.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { decreption: 'New price', price: '12.50', quantity: 10, minimum: 1 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await read(first.app)).toBe(12.5);

    const editedAt = Date.now();
    let seen = await read(second);
    while (seen !== 12.5 && Date.now() - editedAt < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await read(second);
    }
    expect(seen).toBe(12.5);
    // The cache lives one second; the rest is the time the reads themselves take.
    expect(Date.now() - editedAt).toBeLessThanOrEqual(1300);
  });

  it('shows an edit made on one instance on the other through its response cache within a second', async () => {
    const product = await insertProduct(first.database.db, { price_cents: 500 });
    const admin = await insertSignedInUser(first.database.db, { role: 'admin' });
    const firstOrigin = await listen(first.app);
    const secondOrigin = await listen(second);
    const url = `/api/products/${product.id}`;
    const hitsBefore = second.responseCache.stats.hits;
    expect(JSON.parse((await send(secondOrigin, url)).body).price).toBe(5);
    expect(JSON.parse((await send(secondOrigin, url)).body).price).toBe(5);
    expect(second.responseCache.stats.hits).toBe(hitsBefore + 1);

    const edit = await send(firstOrigin, `/api/products/${product.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ updatequantity: 7, quantitySeen: 50 }),
    });
    expect(edit.status).toBe(200);
    const editedAt = Date.now();
    expect(JSON.parse((await send(firstOrigin, url)).body).quantity).toBe(7);
    let quantity = 0;
    while (Date.now() - editedAt < 2000) {
      quantity = JSON.parse((await send(secondOrigin, url)).body).quantity;
      if (quantity === 7) break;
      await sleep(20);
    }
    expect(quantity).toBe(7);
    expect(Date.now() - editedAt).toBeLessThan(1400);
  });

  it('an order on one instance shows the new stock there at once', async () => {
    const product = await insertProduct(first.database.db, { quantity: 10, minimum: 1 });
    const customer = await insertSignedInUser(first.database.db);
    expect((await first.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(10);
    const order = await first.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { productId: product.id, quantity: 3, location: 'Hull', phone: '+44 1482 000000' },
    });
    expect(order.statusCode).toBe(201);
    expect((await first.app.inject({ url: `/api/products/${product.id}` })).json().quantity).toBe(7);
  });
});

describe('PUBLIC_CACHE_MS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  });
  afterAll(async () => t.close());

  it('answers every public call from the database, even a change made behind the app, and keeps nothing', async () => {
    const origin = await listen(t.app);
    const count = async () => (await t.app.inject({ url: '/api/productCount' })).json().count as number;
    const firstPage = async () => (await t.app.inject({ url: '/api/products?page=0&size=6' })).json().length as number;
    const countOnTheWire = async () => JSON.parse((await send(origin, '/api/productCount')).body).count as number;
    expect([await count(), await firstPage(), await countOnTheWire()]).toEqual([0, 0, 0]);
    // Written straight into the database, as another instance would: nothing here clears a cache.
    await insertProduct(t.database.db);
    expect([await count(), await firstPage(), await countOnTheWire()]).toEqual([1, 1, 1]);
    await insertProduct(t.database.db);
    expect([await count(), await firstPage(), await countOnTheWire()]).toEqual([2, 2, 2]);
    expect(t.app.responseCache.stats).toEqual({ hits: 0, misses: 0 });
  });

  it('is refused when it is not a whole number of milliseconds from 0 to 60 000', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir };
    expect(loadConfig({ ...base, PUBLIC_CACHE_MS: '250' }).publicCacheMs).toBe(250);
    expect(loadConfig(base).publicCacheMs).toBe(1000);
    for (const value of ['-1', '1.5', '60001', 'soon']) {
      expect(() => loadConfig({ ...base, PUBLIC_CACHE_MS: value })).toThrow(/PUBLIC_CACHE_MS/);
    }
  });
});

describe('response cache at shutdown', () => {
  it('lets Fastify answer 503 once the app is closing, never a cached answer', async () => {
    const t = await buildTestApp();
    const origin = await listen(t.app);
    const url = '/api/productCount';
    await send(origin, url);
    expect((await send(origin, url)).status).toBe(200);
    const { port } = new URL(origin);
    // A connection with a request under way is not idle: closing the app leaves it open.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await sleep(50);
    const closed = t.app.close();
    await sleep(50);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('\r\n');
    await ended;
    await closed;
    await t.database.close();
    await t.testDatabase.drop();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  });
});

/**
 * `app.cachedGet` is the only way into the public cache: what a handler takes from `cache` is
 * shared and kept whole in front of the router, what it answers itself is made for that request.
 * Proved on routes added here beside the shop's own, on a listening server (the response cache
 * sits in front of the router, where `inject` does not pass).
 */
const answerSchema = z.object({ count: z.number() });
let produced = 0;
let missingLookups = 0;

function testRoutes(app: FastifyInstance) {
  void app.register(
    async (api) => {
      app.guardRoutes(api);
      const options = { config: { access: 'public' as const }, schema: { response: { 200: answerSchema } } };
      api.cachedGet('/cached', options, async (_request, _reply, cache) => cache('test:cached', async () => ({ count: ++produced })));
      api.cachedGet('/fresh', options, async () => ({ count: ++produced }));
      api.cachedGet('/missing', options, async (_request, _reply, cache) => {
        const answer = await cache('test:missing', async () => {
          missingLookups++;
          return null;
        });
        if (!answer) throw notFound('Thing');
        return answer;
      });

      // @ts-expect-error an answer other than the route's declared 200 answer
      api.cachedGet('/wrong-answer', options, async () => ({ total: 1 }));
      // @ts-expect-error nor from the cache
      api.cachedGet('/wrong-cached', options, async (_request, _reply, cache) => cache('test:wrong', async () => ({ count: 'one' })));
      // @ts-expect-error what may be missing must be answered as missing, not passed on as null
      api.cachedGet('/unchecked', options, async (_request, _reply, cache) => cache('test:unchecked', async () => (produced > 0 ? { count: 1 } : null)));
    },
    { prefix: '/api/test' },
  );
}

describe('cachedGet', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp({}, { beforeReady: testRoutes });
    origin = await listen(t.app);
  });
  afterAll(async () => t.close());

  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`);
    return { status: response.status, body: (await response.json()) as { count: number } };
  };

  it('shares and keeps whole what comes from the cache', async () => {
    const first = await get('/api/test/cached');
    const hits = t.app.responseCache.stats.hits;
    expect(await get('/api/test/cached')).toEqual(first);
    expect(t.app.responseCache.stats.hits).toBe(hits + 1);
    // Through the app too (inject passes the response cache by): the same kept answer.
    expect((await t.app.inject({ url: '/api/test/cached' })).json()).toEqual(first.body);
  });

  it('makes an answer the handler gives itself for each request, and never keeps it', async () => {
    const first = await get('/api/test/fresh');
    const hits = t.app.responseCache.stats.hits;
    const second = await get('/api/test/fresh');
    expect(second.body.count).toBeGreaterThan(first.body.count);
    expect(t.app.responseCache.stats.hits).toBe(hits);
  });

  it('keeps a missing answer as missing, for the handler to answer, and keeps no error whole', async () => {
    const hits = t.app.responseCache.stats.hits;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/api/test/missing`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect(missingLookups).toBe(1);
    expect(t.app.responseCache.stats.hits).toBe(hits);
  });
});
