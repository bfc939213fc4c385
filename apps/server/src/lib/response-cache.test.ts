import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.js';

/**
 * The cache in front of a plain node:http handler that behaves like the app's public routes:
 * it answers after `delayMs`, offers 200 answers for `freshMs`, and counts the requests it made.
 */
function harness(options: { maxEntries?: number; delayMs?: number; freshMs?: number } = {}) {
  let serving = true;
  const cache = createResponseCache({
    maxEntries: options.maxEntries ?? 100,
    passMs: 1000,
    pathPrefix: '/',
    requestIdHeader: 'x-request-id',
    newRequestId: () => `id-${Math.random()}`,
    bypassHeaders: ['authorization', 'cookie'],
    isServing: () => serving,
  });
  const made: string[] = [];
  let version = 0;
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    made.push(`${request.method} ${request.url}`);
    const body = JSON.stringify({ url: request.url, version });
    setTimeout(() => {
      const status = request.url?.startsWith('/fail') ? 500 : 200;
      if (status === 200 && !request.url?.startsWith('/private')) cache.offer(request, Date.now() + (options.freshMs ?? 1000), request.method === 'HEAD' ? null : body);
      response.setHeader('X-Frame-Options', 'DENY');
      response.writeHead(status, { 'x-request-id': 'made', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      response.end(request.method === 'HEAD' ? undefined : body);
    }, options.delayMs ?? 0);
  };
  const server = createServer(cache.listener(handler));
  return {
    cache,
    made,
    server,
    bump: () => version++,
    stopServing: () => (serving = false),
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address() as { port: number };
      return `http://127.0.0.1:${address.port}`;
    },
  };
}

function get(origin: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string; requestId: string | undefined }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, origin), { method: init.method ?? 'GET', headers: init.headers, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, requestId: response.headers['x-request-id'] as string | undefined }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

let servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});
async function started(h: ReturnType<typeof harness>) {
  servers.push(h.server);
  return h.start();
}

describe('response cache', () => {
  it('lets one request produce an answer while the others for the same URL wait for it', async () => {
    const h = harness({ delayMs: 50 });
    const origin = await started(h);
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(origin, '/a')));
    expect(h.made).toEqual(['GET /a']);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.requestId)).size).toBe(5);
    expect(h.cache.stats).toEqual({ hits: 4, misses: 1 });
  });

  it('does not keep an answer that was being produced when the cache was cleared', async () => {
    // Cleared once the request reached the app, long before the app answers it.
    const h = harness({ delayMs: 300 });
    const origin = await started(h);
    const first = get(origin, '/b');
    while (!h.made.includes('GET /b')) await new Promise((resolve) => setTimeout(resolve, 5));
    h.cache.clear();
    h.bump();
    await first;
    expect(JSON.parse((await get(origin, '/b')).body).version).toBe(1);
    expect(h.made).toEqual(['GET /b', 'GET /b']);
  });

  it('never keeps a failure or an answer that was not offered, and sends waiting requests on to the app', async () => {
    const h = harness({ delayMs: 30 });
    const origin = await started(h);
    const failures = await Promise.all([get(origin, '/fail'), get(origin, '/fail'), get(origin, '/fail')]);
    expect(failures.map((answer) => answer.status)).toEqual([500, 500, 500]);
    await get(origin, '/private');
    await get(origin, '/private');
    expect(h.made.filter((made) => made === 'GET /fail')).toHaveLength(3);
    expect(h.made.filter((made) => made === 'GET /private')).toHaveLength(2);
    expect(h.cache.stats.hits).toBe(0);
  });

  it('expires answers when their data is no longer fresh', async () => {
    // The clock moves on by itself only when the test moves it: a slow machine cannot outrun the freshness.
    vi.useFakeTimers({ toFake: ['Date'] });
    const h = harness({ freshMs: 1000 });
    const origin = await started(h);
    await get(origin, '/c');
    await get(origin, '/c');
    vi.setSystemTime(Date.now() + 1001);
    h.bump();
    expect(JSON.parse((await get(origin, '/c')).body).version).toBe(1);
    expect(h.made).toEqual(['GET /c', 'GET /c']);
  });

  it('produces an answer again when it was already stale, and skips the cache a while after one that could not be kept', async () => {
    const stale = harness({ freshMs: -1 });
    const staleOrigin = await started(stale);
    await get(staleOrigin, '/e');
    await get(staleOrigin, '/e');
    expect(stale.cache.stats).toEqual({ hits: 0, misses: 2 });
    const h = harness();
    const origin = await started(h);
    await get(origin, '/private');
    await get(origin, '/private');
    expect(h.cache.stats).toEqual({ hits: 0, misses: 1 });
    expect(h.made).toEqual(['GET /private', 'GET /private']);
  });

  it('lets the next request produce the answer when the client of the first one went away', async () => {
    // The client leaves once its request reached the app, long before the app answers it.
    const h = harness({ delayMs: 300 });
    const origin = await started(h);
    const abandoned = httpRequest(new URL('/g', origin), { agent: false });
    abandoned.on('error', () => {});
    abandoned.end();
    while (!h.made.includes('GET /g')) await new Promise((resolve) => setTimeout(resolve, 5));
    abandoned.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await get(origin, '/g');
    await get(origin, '/g');
    expect(h.cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('keeps at most maxEntries URLs, dropping the oldest', async () => {
    const h = harness({ maxEntries: 2 });
    const origin = await started(h);
    for (const path of ['/1', '/2', '/3', '/3', '/2', '/1']) await get(origin, path);
    expect(h.made).toEqual(['GET /1', 'GET /2', 'GET /3', 'GET /1']);
  });

  it('keeps HEAD and GET apart, and lets bypassing requests, other methods and a stopped cache through', async () => {
    const h = harness();
    const origin = await started(h);
    expect((await get(origin, '/d', { method: 'HEAD' })).body).toBe('');
    expect(JSON.parse((await get(origin, '/d')).body).url).toBe('/d');
    expect((await get(origin, '/d', { method: 'HEAD' })).body).toBe('');
    expect(JSON.parse((await get(origin, '/d')).body).url).toBe('/d');
    await get(origin, '/d', { headers: { authorization: 'Bearer x' } });
    await get(origin, '/d', { headers: { cookie: 'a=b' } });
    await get(origin, '/d', { method: 'DELETE' });
    h.stopServing();
    await get(origin, '/d');
    expect(h.made).toEqual(['HEAD /d', 'GET /d', 'GET /d', 'GET /d', 'DELETE /d', 'GET /d']);
    expect(h.cache.stats.hits).toBe(2);
  });
});
